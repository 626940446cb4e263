import { useRef } from 'react';

/** The last value that was not null: a closing dialog keeps its record while it fades out. */
export function useLastShown<T>(value: T | null): T | null {
  const shown = useRef<T | null>(null);
  if (value !== null) shown.current = value;
  return shown.current;
}
