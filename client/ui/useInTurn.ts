import { startTransition, useEffect, useState } from 'react';

/**
 * `value` a moment after it arrives (until then the one before): set in a transition, which
 * React renders in slices after the screen has shown what it needs first. For what can wait
 * (the rest of a long table, the bake sheet that only prints): rendered with the data, all of
 * it is one long task that holds the tablet still.
 */
export function useInTurn<T>(value: T): T | undefined {
  const [later, setLater] = useState<T | undefined>(undefined);
  useEffect(() => {
    if (later === value) return;
    const next = setTimeout(() => startTransition(() => setLater(() => value)));
    return () => clearTimeout(next);
  }, [value, later]);
  return later;
}
