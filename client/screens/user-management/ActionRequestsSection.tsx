import { Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ACTION_REQUEST_TEXT } from '../../../shared/texts/actionRequests';
import { formatDateTime } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { ListTable } from '../../ui/ListTable';
import { useReportedMutation } from '../../ui/outcome';
import { DecideButtons } from './DecideButtons';
import { StatusBadge } from './RequestStatus';
import { Section } from './Section';

export function ActionRequestsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const requests = useQuery(trpc.actionRequests.list.queryOptions({ status: 'pending' }));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.actionRequests.list.queryKey() });
  const approve = useReportedMutation(
    trpc.actionRequests.approve,
    { success: ACTION_REQUEST_TEXT.approved, failure: ACTION_REQUEST_TEXT.approveFailed },
    refresh,
  );
  const reject = useReportedMutation(
    trpc.actionRequests.reject,
    { success: ACTION_REQUEST_TEXT.rejected, failure: ACTION_REQUEST_TEXT.rejectFailed },
    refresh,
  );

  return (
    <Section title="Action Requests">
      <ListTable
        caption="Action Requests"
        rows={requests.data}
        rowKey={(r) => r.id}
        loading={requests.isPending}
        emptyText={ACTION_REQUEST_TEXT.none}
        columns={[
          { header: 'Module', cell: (r) => r.module },
          {
            header: 'Request Type',
            cell: (r) => (
              <Text size="sm" tt="capitalize">
                {r.requestType}
              </Text>
            ),
          },
          {
            header: 'Details',
            // The record first (an item or customer id, a sale id): the changes alone do not say whose.
            cell: (r) => (
              <Stack gap={0}>
                <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {r.targetId}
                </Text>
                {Object.entries(r.details).map(([key, value]) => (
                  <Text size="sm" key={key}>
                    <Text span fw={600} size="sm">
                      {key}:
                    </Text>{' '}
                    {value}
                  </Text>
                ))}
              </Stack>
            ),
          },
          { header: 'Requested By', cell: (r) => r.requestedBy },
          { header: 'Date Requested', cell: (r) => formatDateTime(r.createdAt), nowrap: true },
          { header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
          {
            header: 'Action',
            nowrap: true,
            cell: (r) => (
              <DecideButtons
                onApprove={() => approve.mutate({ id: r.id })}
                onReject={() => reject.mutate({ id: r.id })}
              />
            ),
          },
        ]}
      />
    </Section>
  );
}
