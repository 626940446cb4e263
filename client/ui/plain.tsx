import '@mantine/core/styles/Table.css';
import {
  Badge,
  Button,
  type MantineTheme,
  Table,
  Text,
  UnstyledButton,
  useMantineTheme,
} from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

// Mantine's look for the parts a long list repeats in every row (cells, short texts, badges,
// buttons), as plain elements with Mantine's own classes and CSS variables. A Mantine
// component does its theme, props and styles work on every render: a table of a few hundred
// of them was the longest task of Production and of the counter's product list. The markup
// is the one Mantine renders (its class names, data attributes and variables), so rows look,
// read and are found the same.

type Vars = Record<string, string | undefined>;
type Resolver = (theme: MantineTheme, props: object, ctx: object) => { root: Vars };

const resolved = new Map<string, CSSProperties>();

/** A component's CSS variables for these props, worked out once (the theme never changes). */
function varsOf(component: { varsResolver?: unknown }, name: string, theme: MantineTheme, props: object) {
  const key = `${name}:${JSON.stringify(props)}`;
  let vars = resolved.get(key);
  if (!vars) {
    const root = (component.varsResolver as Resolver)(theme, props, {}).root;
    vars = Object.fromEntries(Object.entries(root).filter(([, v]) => v !== undefined)) as CSSProperties;
    resolved.set(key, vars);
  }
  return vars;
}

const TABLE = Table.classes;

/** A table row's attributes: Mantine's Table.Tr in a table with row borders, striped, maybe hovered. */
export const rowClass = {
  className: `${TABLE.tr} mantine-Table-tr`,
  'data-with-row-border': true,
  'data-striped': 'odd',
} as const;

export const headClass = { className: `${TABLE.thead} mantine-Table-thead` } as const;
export const bodyClass = { className: `${TABLE.tbody} mantine-Table-tbody` } as const;
export const headerCellClass = `${TABLE.th} mantine-Table-th`;
export const cellClass = `${TABLE.td} mantine-Table-td`;
export const NOWRAP: CSSProperties = { whiteSpace: 'nowrap' };

type TextSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/** Mantine's Text: a paragraph of a theme size, dimmed or bold if asked. */
export function PlainText({
  size = 'sm',
  dimmed,
  weight,
  style,
  title,
  children,
}: {
  size?: TextSize;
  dimmed?: boolean;
  weight?: number;
  style?: CSSProperties;
  title?: string;
  children: ReactNode;
}) {
  return (
    <p
      className={`mantine-focus-auto ${Text.classes.root} mantine-Text-root`}
      data-size={size}
      title={title}
      style={
        {
          '--text-fz': `var(--mantine-font-size-${size})`,
          '--text-lh': `var(--mantine-line-height-${size})`,
          color: dimmed ? 'var(--mantine-color-dimmed)' : undefined,
          fontWeight: weight,
          ...style,
        } as CSSProperties
      }
    >
      {children}
    </p>
  );
}

/** Mantine's Badge (size md, its label's case as given): a colour and a variant. */
export function PlainBadge({
  color,
  variant,
  style,
  labelStyle,
  children,
}: {
  color: string;
  variant: 'light' | 'filled';
  style?: CSSProperties;
  labelStyle?: CSSProperties;
  children: ReactNode;
}) {
  const vars = varsOf(Badge, 'Badge', useMantineTheme(), { color, variant, autoContrast: true });
  return (
    <div
      className={`${Badge.classes.root} mantine-Badge-root`}
      data-variant={variant}
      style={{ ...style, ...vars, textTransform: 'none' }}
    >
      <span className={`${Badge.classes.label} mantine-Badge-label`} style={labelStyle}>
        {children}
      </span>
    </div>
  );
}

/** Mantine's Button, without sections or a loader: a size, a variant, the primary colour unless said. */
export function PlainButton({
  size,
  variant = 'filled',
  color,
  onClick,
  children,
  'aria-label': label,
}: {
  size: 'xs' | 'compact-xs';
  variant?: 'filled' | 'light';
  color?: string;
  onClick: () => void;
  children: ReactNode;
  'aria-label'?: string;
}) {
  const theme = useMantineTheme();
  const vars = varsOf(Button, 'Button', theme, { size, variant, color });
  return (
    <button
      className={`mantine-focus-auto mantine-active ${Button.classes.root} mantine-Button-root ${UnstyledButton.classes.root} mantine-UnstyledButton-root`}
      data-variant={variant === 'filled' ? undefined : variant}
      data-size={size}
      type="button"
      aria-label={label}
      onClick={onClick}
      style={vars}
    >
      <span className={`${Button.classes.inner} mantine-Button-inner`}>
        <span className={`${Button.classes.label} mantine-Button-label`}>{children}</span>
      </span>
    </button>
  );
}
