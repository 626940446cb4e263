import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconFileText, IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { JOURNAL_TEXT } from '../../../shared/texts/bir';
import { useTRPC } from '../../trpc';
import { useDownload } from '../../ui/useDownload';
import { DateRange, type DaysTabProps } from './DateRange';

/**
 * The journal (admin, owner): check its chain of hashes, and export a span of days as text,
 * one row a line, for the accountant or an examiner to check on their own.
 */
export function Journal({ days, onDays, today }: DaysTabProps) {
  const trpc = useTRPC();
  const { busy: exporting, download } = useDownload(JOURNAL_TEXT.exportFailed);
  // Walked only when asked: a year of sales takes a moment.
  const verify = useQuery({ ...trpc.journal.verify.queryOptions(), enabled: false, gcTime: 0 });
  const result = verify.data;
  const exportJournal = () => {
    const { from, to } = days.shown;
    void download(`/api/journal?${new URLSearchParams({ from, to })}`, `journal-${from}-to-${to}.txt`);
  };
  return (
    <Stack gap="md" maw={720}>
      <Text size="sm" c="dimmed">
        {JOURNAL_TEXT.about}
      </Text>
      <Group>
        <Button
          leftSection={<IconShieldCheck size={18} />}
          loading={verify.isFetching}
          onClick={() => void verify.refetch()}
        >
          Verify the journal
        </Button>
      </Group>
      {verify.isError ? <Alert color="red">{JOURNAL_TEXT.verifyFailed}</Alert> : null}
      {result && !verify.isFetching ? (
        <Alert color={result.ok ? 'green' : 'red'} title={result.ok ? 'Verified' : 'Does not verify'}>
          {result.ok ? JOURNAL_TEXT.ok(result.rows) : JOURNAL_TEXT.broken(result.firstBadSequence ?? 0)}
        </Alert>
      ) : null}
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <DateRange value={days.chosen} onChange={onDays} today={today} />
        <Button
          variant="light"
          leftSection={<IconFileText size={18} />}
          loading={exporting}
          onClick={exportJournal}
        >
          Export the journal
        </Button>
      </Group>
    </Stack>
  );
}
