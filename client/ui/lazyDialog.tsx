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
    if (!useOpenedOnce(isOpen(props))) return null;
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

/**
 * Whether a dialog has been opened at least once: until then it need not be drawn at all. A
 * closed Mantine Modal still renders its portal, transition and overlay machinery, and the
 * counter's bar held three of them in its first render; once opened it stays, so it closes
 * with its transition and opens again at once.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}
