import { type ComponentType, lazy, useState } from 'react';

/** A component whose code is fetched the first time it shows, or earlier by `preload()`. */
export type LazyScreen<Props extends object> = ComponentType<Props> & {
  preload: () => Promise<ComponentType<Props>>;
};

/**
 * A screen whose code is fetched the first time it is opened, so a page downloads only
 * what it shows. Never import a screen module statically: it would pull the screen and
 * its libraries (charts, tables, spreadsheets) into every page's first download.
 *
 * When its code is already here (main.tsx preloads the opened page's before the first
 * render) it renders at once, not through React.lazy: each lazy level costs the tablet a
 * render pass, and the screen's data request would wait for them, a round trip later.
 */
export function lazyScreen<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyScreen<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined; // a later open tries again
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Screen(props: Props) {
    // Chosen once per mount: switching from Lazy to the loaded one would remount the screen.
    const [Shown] = useState<ComponentType<Props>>(() => loaded ?? (Lazy as ComponentType<Props>));
    return <Shown {...props} />;
  }
  return Object.assign(Screen, { preload });
}
