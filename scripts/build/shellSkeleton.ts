// The signed-in shell as plain HTML, written into each signed-in page at build time (vite.config.ts,
// pagePreloads), so the tablet paints the header, the side bar's place and the screen's title as
// soon as the HTML and the first stylesheet are in, instead of a white page until 200 to 280 kB
// of script have arrived and run. React replaces it on its first render (createRoot in
// client/main.tsx), with the same Mantine components in the same places: nothing moves.
import { AppShell, Burger, Group, MantineProvider, Title } from '@mantine/core';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { COLLAPSED_WIDTH, EXPANDED_WIDTH, HEADER_HEIGHT, NARROW_SCREEN_PX } from '../../client/shell/layout';
import { cssVariablesResolver, theme } from '../../client/theme';

/**
 * The side bar starts collapsed below NARROW_SCREEN_PX until someone chooses (useSidebarCollapsed);
 * the skeleton has no script to read that choice, so it takes the default for the screen's width.
 */
const NARROW_SIDEBAR = `<style>@media (min-width: ${theme.breakpoints?.sm ?? '48em'}) and (max-width: ${
  NARROW_SCREEN_PX - 0.02
}px) { :root { --app-shell-navbar-width: ${COLLAPSED_WIDTH}px; --app-shell-navbar-offset: ${COLLAPSED_WIDTH}px; } }</style>`;

/**
 * The shell of AppLayout and ShellHeader without what needs the session or the server (the
 * shop's name, who is signed in, the menu), and `title` as the screen's heading at the level
 * the screen gives it. Nothing in it can be focused: it lives until the app's first render.
 */
export function shellSkeleton(title: { text: string; order: 1 | 2 } | null): string {
  const markup = renderToStaticMarkup(
    h(
      MantineProvider,
      { theme, cssVariablesResolver, defaultColorScheme: 'light' },
      h(
        AppShell,
        {
          header: { height: HEADER_HEIGHT },
          navbar: { width: EXPANDED_WIDTH, breakpoint: 'sm', collapsed: { mobile: true } },
          padding: 'md',
        },
        h(
          AppShell.Header,
          null,
          h(
            Group,
            { h: '100%', px: 'md', gap: 'sm', wrap: 'nowrap' },
            h(Burger, { hiddenFrom: 'sm', size: 'sm', opened: false, tabIndex: -1, 'aria-hidden': true }),
            h('img', { src: '/logo.svg', alt: '', width: 32, height: 32, style: { objectFit: 'contain' } }),
          ),
        ),
        h(AppShell.Navbar, { p: 'xs', 'aria-hidden': true }),
        h(AppShell.Main, null, title ? h(Title, { order: title.order }, title.text) : null),
      ),
    ),
  );
  return `${markup}${NARROW_SIDEBAR}`;
}
