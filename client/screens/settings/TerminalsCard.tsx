import { Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { formatPeso } from '../../../shared/money';
import { type TerminalInput, terminalInput } from '../../../shared/schemas/terminals';
import { TERMINAL_NAME_MAX } from '../../../shared/texts/bir';
import type { Terminal } from '../../terminal';
import { useTRPC } from '../../trpc';
import { FormMessage, type FormNote } from '../../ui/FormMessage';
import { ListTable } from '../../ui/ListTable';
import { ModalActions } from '../../ui/ModalActions';
import { useReportedMutation } from '../../ui/outcome';

type Draft = Record<keyof TerminalInput, string>;

const FIELDS: { key: keyof Draft; label: string; required?: boolean; max: number }[] = [
  { key: 'name', label: 'Name', required: true, max: TERMINAL_NAME_MAX },
  { key: 'min', label: 'Machine identification number (MIN)', max: 40 },
  { key: 'serialNumber', label: 'Serial number', max: 60 },
  { key: 'permitNumber', label: 'Permit to use or acknowledgement number', max: 60 },
  { key: 'invoicePrefix', label: 'Invoice prefix', required: true, max: 10 },
];

const BLANK: Draft = { name: '', min: '', serialNumber: '', permitNumber: '', invoicePrefix: '' };

const draftOf = (t: Terminal): Draft => ({
  name: t.name,
  min: t.min,
  serialNumber: t.serialNumber,
  permitNumber: t.permitNumber,
  invoicePrefix: t.invoicePrefix,
});

/** A terminal that has numbered an invoice or a refund keeps its prefix (the server refuses too). */
const prefixLocked = (t: Terminal | undefined) => Boolean(t && (t.lastInvoice > 0 || t.lastRefund > 0));

/** Adding (no terminal) or editing one: which modal is open. */
type Target = { terminal?: Terminal } | null;

/**
 * Terminals (admin, owner): the shop's tills and their BIR registration, the last invoice
 * number each issued and its accumulated grand total. Each browser at the counter chooses one.
 */
export function TerminalsCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.terminals.list.queryOptions());
  const [target, setTarget] = useState<Target>(null);
  const after = () => {
    void queryClient.invalidateQueries(trpc.terminals.pathFilter());
    setTarget(null);
  };
  const failure = 'The terminal could not be saved.';
  const create = useReportedMutation(trpc.terminals.create, { success: 'Terminal added.', failure }, after);
  const update = useReportedMutation(trpc.terminals.update, { success: 'Terminal saved.', failure }, after);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Terminals">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Title order={2} size="h3">
            Terminals
          </Title>
          <Button size="sm" onClick={() => setTarget({})}>
            + Add terminal
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Each till's registration prints on its receipts; each numbers its own invoices. A browser at the
          counter chooses its terminal once.
        </Text>
        <ListTable
          caption="Terminals"
          rows={list.data}
          rowKey={(t) => t.id}
          loading={list.isPending}
          emptyText="No terminals yet."
          columns={[
            { header: 'Name', cell: (t) => t.name, nowrap: true },
            { header: 'MIN', cell: (t) => t.min || '—', nowrap: true },
            { header: 'Serial number', cell: (t) => t.serialNumber || '—' },
            { header: 'Permit number', cell: (t) => t.permitNumber || '—' },
            { header: 'Invoice prefix', cell: (t) => t.invoicePrefix, nowrap: true },
            { header: 'Last invoice', cell: (t) => t.lastInvoice, nowrap: true },
            { header: 'Grand total', cell: (t) => formatPeso(t.grandTotal), nowrap: true },
            {
              header: 'Actions',
              nowrap: true,
              cell: (t) => (
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Edit ${t.name}`}
                  onClick={() => setTarget({ terminal: t })}
                >
                  Edit
                </Button>
              ),
            },
          ]}
        />
      </Stack>
      <TerminalModal
        target={target}
        saving={create.isPending || update.isPending}
        onSave={(input) => {
          const editing = target?.terminal;
          if (editing) update.mutate({ id: editing.id, ...input });
          else create.mutate(input);
        }}
        onClose={() => setTarget(null)}
      />
    </Paper>
  );
}

/**
 * The add and edit form: the server's own rules checked first (a blank name, a prefix of
 * other characters), shown in the form; a name or prefix another terminal holds, or a locked
 * prefix, comes back from the server as a toast, the form kept open to correct.
 */
function TerminalModal({
  target,
  saving,
  onSave,
  onClose,
}: {
  target: Target;
  saving: boolean;
  onSave: (input: TerminalInput) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(BLANK);
  const [note, setNote] = useState<FormNote | null>(null);
  const [wrong, setWrong] = useState<keyof Draft | null>(null);
  useEffect(() => {
    setDraft(target?.terminal ? draftOf(target.terminal) : BLANK);
    setNote(null);
    setWrong(null);
  }, [target]);
  const locked = prefixLocked(target?.terminal);
  const title = target?.terminal ? `Edit ${target.terminal.name}` : 'Add Terminal';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = terminalInput.safeParse(draft);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setWrong((FIELDS.find((f) => f.key === issue?.path[0])?.key as keyof Draft) ?? null);
      setNote({ kind: 'error', text: issue?.message ?? 'Check the fields.' });
      return;
    }
    setNote(null);
    setWrong(null);
    onSave(parsed.data);
  };

  return (
    <Modal opened={target !== null} onClose={onClose} title={title} centered>
      <form onSubmit={submit} aria-label={title} noValidate>
        <Stack gap="sm">
          {FIELDS.map((f) => (
            <TextInput
              key={f.key}
              label={f.label}
              withAsterisk={f.required}
              autoComplete="off"
              maxLength={f.max}
              value={draft[f.key]}
              error={wrong === f.key || undefined}
              disabled={f.key === 'invoicePrefix' && locked}
              description={
                f.key === 'invoicePrefix'
                  ? locked
                    ? 'This terminal has issued invoices: its prefix stays as printed on them.'
                    : 'Printed before each invoice number, e.g. INV2- makes INV2-000000001.'
                  : undefined
              }
              onChange={(event) => {
                const value = event.currentTarget.value;
                setDraft((d) => ({ ...d, [f.key]: value }));
                if (wrong === f.key) {
                  setWrong(null);
                  setNote(null);
                }
              }}
            />
          ))}
          <FormMessage note={note} />
          <ModalActions onCancel={onClose} submitLabel="Save" loading={saving} />
        </Stack>
      </form>
    </Modal>
  );
}
