import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Button, Group, Input, Modal, NumberInput, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { type PrinterInput, printerInput } from '../../../shared/schemas/printers';
import {
  CHARS_PER_LINE,
  HOST_MAX,
  PAPER_WIDTHS,
  type PaperWidth,
  PRINTER_PORT,
  PRINTERS_TEXT as T,
} from '../../../shared/texts/printers';
import type { RouterOutputs } from '../../trpc';
import { FormMessage, type FormNote } from '../../ui/FormMessage';
import { ModalActions } from '../../ui/ModalActions';
import { useLastShown } from '../../ui/useLastShown';

export type PrinterRow = RouterOutputs['printers']['list'][number];
type Field = keyof PrinterInput;

/** The form as typed: numbers as their inputs hold them ('' when blank), choices as their segments. */
interface Draft {
  host: string;
  port: string | number;
  paperWidth: PaperWidth;
  charsPerLine: string | number;
  autoPrint: 'yes' | 'no';
  openDrawer: 'yes' | 'no';
}

const yes = (on: boolean) => (on ? 'yes' : 'no');
const draftOf = (row: PrinterRow): Draft =>
  row.printer
    ? {
        host: row.printer.host,
        port: row.printer.port,
        paperWidth: row.printer.paperWidth === 58 ? 58 : 80,
        charsPerLine: row.printer.charsPerLine,
        autoPrint: yes(row.printer.autoPrint),
        openDrawer: yes(row.printer.openDrawer),
      }
    : { host: '', port: PRINTER_PORT, paperWidth: 80, charsPerLine: 48, autoPrint: 'yes', openDrawer: 'yes' };

/** A number typed, or what the server would refuse with its own message (blank, not a number). */
const numberOf = (v: string | number) => (v === '' ? undefined : Number(v));

function YesNo({
  label,
  value,
  onChange,
}: {
  label: string;
  value: 'yes' | 'no';
  onChange: (v: 'yes' | 'no') => void;
}) {
  const id = useId();
  return (
    <Input.Wrapper label={label} id={id} labelElement="div">
      <SegmentedControl
        aria-labelledby={`${id}-label`}
        display="flex"
        w="fit-content"
        mt={4}
        data={[
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]}
        value={value}
        onChange={(v) => onChange(v === 'no' ? 'no' : 'yes')}
      />
    </Input.Wrapper>
  );
}

/**
 * Setting up (or changing) a terminal's printer: checked with the server's own schema first,
 * so a slip is marked on its field; choosing the paper sets its usual characters per line.
 */
export function PrinterModal({
  target,
  saving,
  onSave,
  onRemove,
  onClose,
}: {
  target: PrinterRow | null;
  saving: boolean;
  onSave: (input: PrinterInput) => void;
  /** Takes the terminal's printer away (after the question). */
  onRemove: (row: PrinterRow) => void;
  onClose: () => void;
}) {
  const paperId = useId();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [note, setNote] = useState<FormNote | null>(null);
  const [wrong, setWrong] = useState<Field | null>(null);
  // A closing dialog keeps its form while it fades out.
  const shown = useLastShown(target);
  useEffect(() => {
    if (!target) return;
    setDraft(draftOf(target));
    setNote(null);
    setWrong(null);
  }, [target]);
  const title = shown ? `Printer of ${shown.terminal}` : '';

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => (d ? { ...d, [key]: value } : d));
    if (wrong === key) {
      setWrong(null);
      setNote(null);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft || !shown) return;
    const parsed = printerInput.safeParse({
      terminalId: shown.terminalId,
      host: draft.host,
      port: numberOf(draft.port) ?? Number.NaN,
      paperWidth: draft.paperWidth,
      charsPerLine: numberOf(draft.charsPerLine) ?? Number.NaN,
      autoPrint: draft.autoPrint === 'yes',
      openDrawer: draft.openDrawer === 'yes',
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setWrong((issue?.path[0] as Field | undefined) ?? null);
      setNote({ kind: 'error', text: issue?.message ?? T.saveFailed });
      return;
    }
    setNote(null);
    setWrong(null);
    onSave(parsed.data);
  };
  const error = (field: Field) => wrong === field || undefined;

  return (
    <Modal opened={target !== null} onClose={onClose} title={title} centered>
      {draft ? (
        <form onSubmit={submit} aria-label={title} noValidate>
          <Stack gap="sm">
            <TextInput
              label={T.host}
              description={T.hostHint}
              withAsterisk
              autoComplete="off"
              maxLength={HOST_MAX}
              value={draft.host}
              error={error('host')}
              onChange={(e) => set('host', e.currentTarget.value)}
            />

            <Input.Wrapper label={T.paperWidth} id={paperId} labelElement="div">
              <SegmentedControl
                aria-labelledby={`${paperId}-label`}
                display="flex"
                w="fit-content"
                mt={4}
                data={PAPER_WIDTHS.map((w) => ({ value: String(w), label: `${w} mm` }))}
                value={String(draft.paperWidth)}
                onChange={(v) => {
                  const paper: PaperWidth = v === '58' ? 58 : 80;
                  // The usual count follows the paper, unless another was typed.
                  const usual = Number(draft.charsPerLine) === CHARS_PER_LINE[draft.paperWidth];
                  setDraft({
                    ...draft,
                    paperWidth: paper,
                    ...(usual ? { charsPerLine: CHARS_PER_LINE[paper] } : {}),
                  });
                }}
              />
            </Input.Wrapper>
            <Group grow align="flex-start" gap="sm">
              <NumberInput
                label={T.port}
                description={T.portHint}
                allowDecimal={false}
                allowNegative={false}
                value={draft.port}
                error={error('port')}
                onChange={(v) => set('port', v)}
              />
              <NumberInput
                label={T.charsPerLine}
                description={T.charsHint(draft.paperWidth)}
                allowDecimal={false}
                allowNegative={false}
                value={draft.charsPerLine}
                error={error('charsPerLine')}
                onChange={(v) => set('charsPerLine', v)}
              />
            </Group>
            <YesNo label={T.autoPrint} value={draft.autoPrint} onChange={(v) => set('autoPrint', v)} />
            <YesNo label={T.openDrawer} value={draft.openDrawer} onChange={(v) => set('openDrawer', v)} />
            <FormMessage note={note} />
            <Group justify="space-between" gap="sm">
              {shown?.printer ? (
                <Button variant="subtle" color="red" onClick={() => onRemove(shown)}>
                  Remove printer
                </Button>
              ) : (
                <span />
              )}
              <ModalActions onCancel={onClose} submitLabel="Save" loading={saving} />
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
