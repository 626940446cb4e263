import { Group, Loader, Paper, Text } from '@mantine/core';
import { AUTH_TEXT } from '../../shared/texts/auth';

/** Shown while a request is pending; sits above modals so it is seen from inside them. */
export function ConnectingBox({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return (
    <Paper
      data-testid="connecting"
      role="status"
      aria-live="polite"
      shadow="md"
      radius="md"
      p="md"
      withBorder
      pos="fixed"
      top={24}
      left="50%"
      style={{ transform: 'translateX(-50%)', zIndex: 1001 }}
    >
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" />
        <Text>{AUTH_TEXT.connecting}</Text>
      </Group>
    </Paper>
  );
}
