import { Text } from '@mantine/core';
import { ModalsProvider, modals } from '@mantine/modals';
import { useEffect } from 'react';
import { useInTurn } from './useInTurn';

/** Whether the shell's ModalsProvider listens yet; until then confirmations wait for it. */
let hosted = false;
const waiting: (() => void)[] = [];

function whenHosted(open: () => void) {
  if (hosted) open();
  else waiting.push(open);
}

function Listening() {
  // After ModalsProvider's own effects (an earlier sibling's run first): it hears them now.
  useEffect(() => {
    hosted = true;
    for (const open of waiting.splice(0)) open();
    return () => {
      hosted = false;
    };
  }, []);
  return null;
}

/**
 * The shell's host of the confirm dialogs (@mantine/modals), drawn a moment after the page:
 * its closed Modal mounts a portal that sets state as it mounts, a synchronous render that
 * pulled every effect of the first render into the same task. It wraps nothing: the dialogs
 * are opened by event (modals.openConfirmModal), and one asked before it listens waits for it.
 */
export function ConfirmHost() {
  if (!useInTurn(true)) return null;
  return (
    <>
      <ModalsProvider />
      <Listening />
    </>
  );
}

/**
 * Asks the shop's confirmation before a change; runs `onConfirm` only on Yes (the shell hosts
 * the modals), and only once: a double tap on Yes while the dialog fades sends one change.
 */
export function confirmThen(question: string, onConfirm: () => void, confirmLabel = 'Yes'): void {
  let confirmed = false;
  whenHosted(() =>
    modals.openConfirmModal({
      title: 'Please confirm',
      children: <Text size="sm">{question}</Text>,
      labels: { confirm: confirmLabel, cancel: 'Cancel' },
      onConfirm: () => {
        if (confirmed) return;
        confirmed = true;
        onConfirm();
      },
    }),
  );
}
