import { Text } from '@mantine/core';

export interface FormNote {
  kind: 'success' | 'error';
  text: string;
}

/** A message shown inside a form or modal, green for success and red for errors. */
export function FormMessage({ note }: { note: FormNote | null }) {
  if (!note) return null;
  return (
    <Text
      size="sm"
      c={note.kind === 'success' ? 'green.8' : 'red.7'}
      role={note.kind === 'success' ? 'status' : 'alert'}
      data-kind={note.kind}
    >
      {note.text}
    </Text>
  );
}
