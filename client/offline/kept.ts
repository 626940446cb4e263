import { useEffect, useState } from 'react';
import { isNetworkFailure } from '../errors';
import { keep, kept } from './store';

/**
 * A read the counter needs offline: its answer is kept on the device each time it arrives,
 * and when the server cannot be reached the last kept answer stands in for it.
 */
export function useKept<T>(key: string, query: { data: T | undefined; error: unknown }): T | undefined {
  const [last, setLast] = useState<{ key: string; value: T } | null>(null);
  const unreachable = query.error != null && isNetworkFailure(query.error);
  useEffect(() => {
    if (query.data !== undefined) void keep(key, query.data);
  }, [key, query.data]);
  useEffect(() => {
    if (!unreachable) return;
    let live = true;
    void kept<T>(key).then((value) => {
      if (live && value !== undefined) setLast({ key, value });
    });
    return () => {
      live = false;
    };
  }, [key, unreachable]);
  return query.data ?? (last?.key === key ? last.value : undefined);
}
