import { Overlay, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { PopupMessage } from './usePopup';

// Above Mantine modals (200) so a popup can speak over the forced new-password modal.
const POPUP_Z_INDEX = 1000;

interface PopupProps {
  popup: PopupMessage | null;
  onClose: () => void;
}

/** Full-screen transient message in success (green) or error (red) styling; closes itself. */
export function Popup({ popup, onClose }: PopupProps) {
  if (!popup) return null;
  const color = popup.kind === 'success' ? 'green' : 'red';
  // 4.5:1 or more on the pale background: green is darkened in client/theme.ts, red-9 as is.
  const textColor = popup.kind === 'success' ? 'green' : 'red.9';
  return (
    <Overlay fixed center zIndex={POPUP_Z_INDEX} backgroundOpacity={0.45} onClick={onClose}>
      <Paper
        data-testid="popup"
        data-kind={popup.kind}
        role={popup.kind === 'success' ? 'status' : 'alert'}
        aria-live="assertive"
        shadow="xl"
        radius="md"
        p="xl"
        maw={420}
        mx="md"
        bg={`${color}.0`}
        withBorder
        style={{ borderColor: `var(--mantine-color-${color}-6)`, textAlign: 'center' }}
      >
        <ThemeIcon color={color} variant="light" size={56} radius="xl" mb="md">
          {popup.kind === 'success' ? <IconCircleCheck size={36} /> : <IconCircleX size={36} />}
        </ThemeIcon>
        <Text fw={600} size="lg" c={textColor}>
          {popup.text}
        </Text>
      </Paper>
    </Overlay>
  );
}
