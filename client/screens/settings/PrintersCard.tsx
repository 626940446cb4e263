import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PRINTERS_TEXT as T } from '../../../shared/texts/printers';
import { failureText } from '../../errors';
import { useTRPC } from '../../trpc';
import { confirmThen } from '../../ui/confirm';
import { ListTable } from '../../ui/ListTable';
import { toast, useReportedMutation } from '../../ui/outcome';
import { toastPrint } from '../../ui/printOutcome';
import { PrinterModal, type PrinterRow } from './PrinterModal';

/** Yes or No for a printer's choice; a dash where there is no printer. */
const onOff = (on: boolean | undefined) => (on === undefined ? '—' : on ? 'Yes' : 'No');

/**
 * Printers (admin, owner): each terminal's network receipt printer, its paper, whether it
 * prints every receipt at checkout and opens the drawer on cash; Test print sends a page.
 * Removing one is in its form.
 */
export function PrintersCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.printers.list.queryOptions());
  const [target, setTarget] = useState<PrinterRow | null>(null);
  // The terminals say which has a printer: the Print on receipt printer buttons follow.
  const refresh = () => {
    void queryClient.invalidateQueries(trpc.printers.list.queryFilter());
    void queryClient.invalidateQueries(trpc.terminals.list.queryFilter());
  };
  const set = useReportedMutation(
    trpc.printers.set,
    { success: 'Printer saved.', failure: T.saveFailed },
    () => {
      refresh();
      setTarget(null);
    },
  );
  const remove = useReportedMutation(
    trpc.printers.remove,
    { success: 'Printer removed.', failure: T.saveFailed },
    refresh,
  );
  const test = useMutation(
    trpc.printers.test.mutationOptions({
      onSuccess: (answer) => toastPrint(answer, T.printed),
      onError: (error) => toast(failureText(error, T.printFailed), 'error'),
    }),
  );
  const testing = test.isPending ? test.variables?.terminalId : undefined;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={T.title}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {T.title}
        </Title>
        <Text size="sm" c="dimmed">
          {T.about}
        </Text>
        <ListTable
          caption={T.title}
          rows={list.data}
          rowKey={(row) => row.terminalId}
          loading={list.isPending}
          emptyText="No terminals yet."
          columns={[
            { header: 'Terminal', cell: (row) => row.terminal, nowrap: true },
            {
              header: 'Printer',
              cell: (row) => (row.printer ? `${row.printer.host}:${row.printer.port}` : T.noPrinter),
            },
            {
              header: 'Paper',
              cell: (row) =>
                row.printer ? `${row.printer.paperWidth} mm, ${row.printer.charsPerLine} characters` : '—',
            },
            { header: 'Prints at checkout', cell: (row) => onOff(row.printer?.autoPrint) },
            { header: 'Drawer on cash', cell: (row) => onOff(row.printer?.openDrawer) },
            {
              header: 'Actions',
              nowrap: true,
              cell: (row) => (
                <Group gap={6} wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`${row.printer ? 'Edit' : 'Set up'} the printer of ${row.terminal}`}
                    onClick={() => setTarget(row)}
                  >
                    {row.printer ? 'Edit' : 'Set up'}
                  </Button>
                  {row.printer ? (
                    <Button
                      size="xs"
                      variant="default"
                      loading={testing === row.terminalId}
                      aria-label={`Test print on the printer of ${row.terminal}`}
                      onClick={() => test.mutate({ terminalId: row.terminalId })}
                    >
                      Test print
                    </Button>
                  ) : null}
                </Group>
              ),
            },
          ]}
        />
      </Stack>
      <PrinterModal
        target={target}
        saving={set.isPending}
        onSave={(input) => set.mutate(input)}
        onRemove={(row) =>
          confirmThen(
            T.confirmRemove(row.terminal),
            () => remove.mutate({ terminalId: row.terminalId }, { onSuccess: () => setTarget(null) }),
            'Remove',
          )
        }
        onClose={() => setTarget(null)}
      />
    </Paper>
  );
}
