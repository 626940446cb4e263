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

/**
 * How far a screen's first render has got: 0 at once, then one more each turn up to `last`,
 * each step its own render and commit a moment after the one before. A screen drawn whole is
 * one long task (its commit, the state its Mantine inputs set as they mount, every effect of
 * its queries, then its first layout); drawn in steps, each is short. Later steps draw what
 * sits lower on the screen, so nothing already drawn moves.
 */
export function useStage(last: number): number {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    if (stage >= last) return;
    const next = setTimeout(() => startTransition(() => setStage((s) => s + 1)));
    return () => clearTimeout(next);
  }, [stage, last]);
  return stage;
}
