import '@mantine/core/styles/NumberInput.css';
import { Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { FormMessage, type FormNote } from './FormMessage';
import { ModalActions } from './ModalActions';

/** One field of a contact form (a supplier's, a customer's); a number's value is kept as typed, as text. */
export interface RecordFormField<Values> {
  key: keyof Values & string;
  label: string;
  /** Marked with a red asterisk; a blank one stops the save with the form's message. */
  required?: boolean;
  type?: 'text' | 'email' | 'tel' | 'number';
  autoComplete?: string;
  /** A number field's largest value (whole numbers from 0). */
  max?: number;
}

/**
 * The add and edit form of every contact screen: its text fields, the required check
 * before anything is sent (the required-fields message, shown in the form), then `onSave`.
 * The form keeps what was typed while it is open and starts from `initial` each time it opens.
 */
export function RecordFormModal<Values extends Record<string, string>>({
  title,
  opened,
  initial,
  fields,
  requiredText,
  note: extraNote,
  check,
  saving,
  onSave,
  onClose,
}: {
  title: string;
  opened: boolean;
  initial: Values;
  fields: RecordFormField<Values>[];
  /** The "fill in the required fields" message. */
  requiredText: string;
  /** A line under the fields (staff: the edit will wait for approval). */
  note?: string;
  /** A check after the required one and before `onSave` (and so before any question): a problem stops the save. */
  check?: (values: Values) => { key?: keyof Values & string; text: string } | null;
  saving: boolean;
  onSave: (values: Values) => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [note, setNote] = useState<FormNote | null>(null);
  const [missing, setMissing] = useState<Set<string>>(new Set());
  useEffect(() => {
    if (!opened) return;
    setValues(initial);
    setNote(null);
    setMissing(new Set());
  }, [opened, initial]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const blank = new Set(fields.filter((f) => f.required && !values[f.key]?.trim()).map((f) => f.key));
    setMissing(blank);
    if (blank.size > 0) {
      setNote({ kind: 'error', text: requiredText });
      return;
    }
    const problem = check?.(values);
    if (problem) {
      if (problem.key) setMissing(new Set([problem.key]));
      setNote({ kind: 'error', text: problem.text });
      return;
    }
    setNote(null);
    onSave(values);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={submit} aria-label={title} noValidate>
        <Stack gap="sm">
          {fields.map((f) => {
            const change = (value: string) => {
              setValues((current) => ({ ...current, [f.key]: value }));
              if (missing.has(f.key))
                setMissing((current) => new Set([...current].filter((k) => k !== f.key)));
            };
            const shared = {
              label: f.label,
              autoComplete: f.autoComplete ?? 'off',
              withAsterisk: f.required,
              value: values[f.key] ?? '',
              error: missing.has(f.key) || undefined,
            };
            return f.type === 'number' ? (
              <NumberInput
                key={f.key}
                {...shared}
                allowDecimal={false}
                allowNegative={false}
                min={0}
                max={f.max}
                onChange={(value) => change(String(value))}
              />
            ) : (
              <TextInput
                key={f.key}
                {...shared}
                type={f.type ?? 'text'}
                onChange={(event) => change(event.currentTarget.value)}
              />
            );
          })}
          <FormMessage note={note} />
          {extraNote ? (
            <Text size="sm" c="dimmed">
              {extraNote}
            </Text>
          ) : null}
          <ModalActions onCancel={onClose} submitLabel="Save" loading={saving} />
        </Stack>
      </form>
    </Modal>
  );
}
