import '@mantine/core/styles/Table.css';
import { Table } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/** A table's frame that scrolls sideways on a narrow tablet; focusable so a keyboard can scroll it too. */
export function SidewaysScroll({
  caption,
  style,
  children,
}: {
  caption: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      style={style}
      minWidth={0}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={`${caption} (scrolls sideways)`}
    >
      {children}
    </Table.ScrollContainer>
  );
}
