import '@mantine/core/styles/Code.css';
import { Badge, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCOUNT_TEXT } from '../../../shared/texts/accounts';
import { formatDateTime } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { ListTable } from '../../ui/ListTable';
import { toast, useReportedMutation } from '../../ui/outcome';
import { DecideButtons } from './DecideButtons';
import { StatusBadge } from './RequestStatus';
import { Section } from './Section';

export function ResetSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const requests = useQuery(trpc.resetRequests.list.queryOptions());
  const [handOver, setHandOver] = useState<{ email: string; password: string } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.resetRequests.list.queryKey() });
  const approve = useReportedMutation(
    trpc.resetRequests.approve,
    { success: ACCOUNT_TEXT.resetApproved, failure: ACCOUNT_TEXT.resetApproveFailed },
    refresh,
  );
  const reject = useReportedMutation(
    trpc.resetRequests.reject,
    { success: ACCOUNT_TEXT.resetRejected, failure: ACCOUNT_TEXT.resetRejectFailed },
    refresh,
  );
  const remove = useMutation(
    trpc.resetRequests.delete.mutationOptions({
      onSuccess: (answer) => {
        toast(answer.message, 'success');
        refresh();
      },
      // A failed delete is only logged.
      onError: (error) => console.error('Deleting the reset request failed:', error),
    }),
  );

  return (
    <Section title="Password Reset Requests">
      <ListTable
        caption="Password Reset Requests"
        rows={requests.data}
        rowKey={(r) => r.id}
        loading={requests.isPending}
        emptyText="No password reset requests found."
        columns={[
          {
            header: 'Email',
            cell: (r) => (
              <Group gap="xs">
                <Text size="sm">{r.email}</Text>
                {r.hasAccount ? null : (
                  <Badge size="xs" color="gray" variant="outline">
                    no account
                  </Badge>
                )}
              </Group>
            ),
          },
          { header: 'Date Requested', cell: (r) => formatDateTime(r.createdAt), nowrap: true },
          { header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
          {
            header: 'Action',
            nowrap: true,
            cell: (r) =>
              r.status === 'pending' ? (
                <DecideButtons
                  approveDisabled={!r.hasAccount}
                  onApprove={() =>
                    approve.mutate(
                      { id: r.id },
                      { onSuccess: (a) => setHandOver({ email: r.email, password: a.temporaryPassword }) },
                    )
                  }
                  onReject={() => reject.mutate({ id: r.id })}
                />
              ) : (
                <Button size="xs" variant="subtle" color="red" onClick={() => remove.mutate({ id: r.id })}>
                  Delete
                </Button>
              ),
          },
        ]}
      />
      <Modal opened={handOver !== null} onClose={() => setHandOver(null)} title="Temporary password" centered>
        <Stack>
          <Text size="sm">
            Give this one-time password to {handOver?.email}. They will choose a new one when they log in. It
            is not shown again.
          </Text>
          <Code block fz="lg" data-testid="temporary-password">
            {handOver?.password}
          </Code>
          <Group justify="flex-end">
            <Button onClick={() => setHandOver(null)}>Done</Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  );
}
