import { type CSSVariablesResolver, createTheme } from '@mantine/core';

// Every text reads at 4.5:1 or more (WCAG AA) against what it sits on.
export const theme = createTheme({
  primaryColor: 'pink',
  // Mantine's pink-6 gave white button text and pink links 3.7:1; pink-8 gives 5.7:1
  // (its hover, pink-9, 7.2:1). The shade applies to every colour's filled variant.
  primaryShade: 8,
  // Filled buttons, badges and icons of a light colour (yellow, green, orange...) take
  // dark text instead of white. At 0.183 whichever of black or white is chosen reads 4.5:1.
  autoContrast: true,
  luminanceThreshold: 0.183,
  defaultRadius: 'md',
  components: {
    // The ✕ of modals, alerts and toasts is an icon: screen readers need its name.
    CloseButton: { defaultProps: { 'aria-label': 'Close' } },
    // A Select's options drawn when it opens. Mantine keeps every list mounted (hidden), and
    // floating-ui places each kept list as its screen first renders: a forced layout of the
    // whole page inside that task (46 to 88 ms of /cake-orders' and /purchasing's first
    // render on the tablet, measured under a 4x slower CPU).
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

/** Mantine's gray-6 for dimmed text and placeholders reads 3.3:1 on white; this gray 5.4:1. */
const MUTED = '#646b73';

/**
 * Colours whose text (c="green", the outline variant) and light-variant text (shade 9 on
 * shade 1: Alert, Badge, light Button) read under 4.5:1 in Mantine's palette, darkened
 * just enough: each reads 4.6:1 or more on its shade 1 and 5.4:1 on white.
 */
const DARK_TEXT: Record<string, string> = {
  cyan: '#0b7285',
  teal: '#087956',
  green: '#257535',
  lime: '#4a760a',
  yellow: '#a15300',
  orange: '#b83d0d',
};

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': MUTED,
    '--mantine-color-placeholder': MUTED,
    // Input error texts: red-6 reads 3.3:1, red-9 5.5:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      Object.entries(DARK_TEXT).flatMap(([color, value]) => [
        [`--mantine-color-${color}-text`, value],
        [`--mantine-color-${color}-outline`, value],
        [`--mantine-color-${color}-light-color`, value],
      ]),
    ),
  },
  dark: {},
});
