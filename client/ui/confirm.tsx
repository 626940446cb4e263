import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/**
 * Asks the shop's confirmation before a change; runs `onConfirm` only on Yes (the shell hosts
 * the modals), and only once: a double tap on Yes while the dialog fades sends one change.
 */
export function confirmThen(question: string, onConfirm: () => void, confirmLabel = 'Yes'): void {
  let confirmed = false;
  modals.openConfirmModal({
    title: 'Please confirm',
    children: <Text size="sm">{question}</Text>,
    labels: { confirm: confirmLabel, cancel: 'Cancel' },
    onConfirm: () => {
      if (confirmed) return;
      confirmed = true;
      onConfirm();
    },
  });
}
