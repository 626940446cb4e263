import { Text } from '@mantine/core';
import { failureText } from '../errors';

export interface FormNote {
  kind: 'success' | 'error';
  text: string;
}

/** A message shown inside a form or modal, green for success and red for errors (4.5:1 or more: see client/theme.ts). */
export function FormMessage({ note }: { note: FormNote | null }) {
  if (!note) return null;
  return (
    <Text
      size="sm"
      c={note.kind === 'success' ? 'green' : 'red.9'}
      role={note.kind === 'success' ? 'status' : 'alert'}
      data-kind={note.kind}
    >
      {note.text}
    </Text>
  );
}

/**
 * Mutation callbacks that report in the form: the success text, or the
 * server's message, its fallback, or the network-failure text (docs/rules.md, Screens).
 */
export function noteOutcome(
  setNote: (note: FormNote) => void,
  texts: { success: string; failure: string },
  onSuccess?: () => void,
) {
  return {
    onSuccess: () => {
      onSuccess?.();
      setNote({ kind: 'success', text: texts.success });
    },
    onError: (error: unknown) => setNote({ kind: 'error', text: failureText(error, texts.failure) }),
  };
}
