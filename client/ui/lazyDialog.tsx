import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A dialog whose code is fetched the first time it opens, not with its screen: a screen's
 * forms (their checks, number and date inputs, selects) are much of its code and none of
 * its first paint, which on the shop's tablet waits for every byte the screen needs. Once
 * opened it stays mounted, so it closes with its transition and opens again at once.
 */
export function lazyDialog<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  isOpen: (props: Props) => boolean,
): ComponentType<Props> & { preload: () => void } {
  const Loaded = lazy(async () => ({ default: await load() }));
  function Dialog(props: Props) {
    const open = isOpen(props);
    const [wanted, setWanted] = useState(open);
    if (open && !wanted) setWanted(true);
    if (!wanted && !open) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  /** Fetches the code ahead (the counter's receipt must open with the server gone). */
  Dialog.preload = () => void load().catch(() => undefined);
  return Dialog;
}
