import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A label over its value, as an order's or a purchase order's view shows it; a blank value shows as a dash. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Box fz="sm">{children === '' || children == null ? <Text c="dimmed">—</Text> : children}</Box>
    </Box>
  );
}
