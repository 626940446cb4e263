import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_TEXT } from '../../../shared/texts/accounts';
import { formatDateTime } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { confirmThen } from '../../ui/confirm';
import { ListTable } from '../../ui/ListTable';
import { useReportedMutation } from '../../ui/outcome';
import { DecideButtons } from './DecideButtons';
import { StatusBadge } from './RequestStatus';
import { Section } from './Section';

export function RegistrationSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const requests = useQuery(trpc.requests.list.queryOptions());
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.requests.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.users.list.queryKey() });
  };
  const approve = useReportedMutation(
    trpc.requests.approve,
    { success: ACCOUNT_TEXT.registrationApproved, failure: ACCOUNT_TEXT.registrationApproveFailed },
    refresh,
  );
  const reject = useReportedMutation(
    trpc.requests.reject,
    { success: ACCOUNT_TEXT.registrationRejected, failure: ACCOUNT_TEXT.registrationRejectFailed },
    refresh,
  );

  return (
    <Section title="Registration Requests">
      <ListTable
        caption="Registration Requests"
        rows={requests.data}
        rowKey={(r) => r.id}
        loading={requests.isPending}
        emptyText="No registration requests found."
        columns={[
          { header: 'Email', cell: (r) => r.email },
          { header: 'Date Requested', cell: (r) => formatDateTime(r.createdAt), nowrap: true },
          { header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
          {
            header: 'Action',
            nowrap: true,
            cell: (r) =>
              r.status === 'pending' ? (
                <DecideButtons
                  approveLabel="Accept"
                  onApprove={() =>
                    confirmThen(ACCOUNT_TEXT.confirmAccept, () => approve.mutate({ id: r.id }))
                  }
                  onReject={() => confirmThen(ACCOUNT_TEXT.confirmReject, () => reject.mutate({ id: r.id }))}
                />
              ) : null,
          },
        ]}
      />
    </Section>
  );
}
