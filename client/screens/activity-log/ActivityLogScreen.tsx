import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Pagination.css';
import { Group, Pagination, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCOUNT_TEXT } from '../../../shared/texts/accounts';
import { formatDateTime, RANGE_LABELS, RANGES, type Range } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { ListTable } from '../../ui/ListTable';

const PAGE = 20;

/** Activity Log: range buttons in Manila time, newest first, paged on the server. */
export function ActivityLogScreen() {
  const trpc = useTRPC();
  const [range, setRange] = useState<Range>('all');
  const [page, setPage] = useState(1);
  const logs = useQuery({
    ...trpc.activity.list.queryOptions({ range, page, limit: PAGE }),
    placeholderData: keepPreviousData,
  });
  const total = logs.data?.total ?? 0;
  const first = total === 0 ? 0 : (page - 1) * PAGE + 1;

  return (
    <Stack gap="md">
      <Title order={1}>Activity Log</Title>
      <SegmentedControl
        aria-label="Range"
        value={range}
        onChange={(value) => {
          setRange(value as Range);
          setPage(1);
        }}
        data={RANGES.map((r) => ({ value: r, label: RANGE_LABELS[r] }))}
        w="fit-content"
      />
      <ListTable
        caption="Activity Log"
        rows={logs.data?.rows}
        rowKey={(r) => r.id}
        loading={logs.isPending}
        emptyText={ACCOUNT_TEXT.noActivity}
        columns={[
          { header: 'Timestamp', cell: (r) => formatDateTime(r.createdAt), nowrap: true },
          { header: 'User', cell: (r) => r.username ?? 'Unknown' },
          { header: 'Action', cell: (r) => r.action },
          { header: 'Module', cell: (r) => r.module },
          { header: 'Description', cell: (r) => r.description },
        ]}
      />
      {total > 0 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {`Showing ${first}-${Math.min(page * PAGE, total)} of ${total} logs`}
          </Text>
          <Pagination
            total={logs.data?.totalPages ?? 1}
            value={page}
            onChange={setPage}
            siblings={2}
            aria-label="Pages"
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
