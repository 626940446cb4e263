import { Badge, Button, Group, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCOUNT_TEXT } from '../../../shared/texts/accounts';
import { type RouterOutputs, useTRPC } from '../../trpc';
import { confirmThen } from '../../ui/confirm';
import { ListTable } from '../../ui/ListTable';
import { useReportedMutation } from '../../ui/outcome';
import { EditAccountModal } from './EditAccountModal';
import { NO_SHRINK, StatusBadge } from './RequestStatus';
import { roleName } from './roleName';
import { Section } from './Section';

export type Account = RouterOutputs['users']['list'][number];

export function AccountsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const accounts = useQuery(trpc.users.list.queryOptions());
  const [editing, setEditing] = useState<Account | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.users.list.queryKey() });
  const deactivate = useReportedMutation(
    trpc.users.deactivate,
    { success: ACCOUNT_TEXT.deactivated, failure: ACCOUNT_TEXT.deactivateFailed },
    refresh,
  );
  const reactivate = useReportedMutation(
    trpc.users.reactivate,
    { success: ACCOUNT_TEXT.reactivated, failure: ACCOUNT_TEXT.reactivateFailed },
    refresh,
  );

  const actions = (a: Account) => {
    if (a.isSystem)
      return (
        <Badge variant="outline" styles={NO_SHRINK}>
          {ACCOUNT_TEXT.systemAccount}
        </Badge>
      );
    if (!a.canManage) return <Text c="dimmed">—</Text>;
    return (
      <Group gap="xs" wrap="nowrap">
        <Button size="xs" variant="light" onClick={() => setEditing(a)} aria-label={`Edit ${a.username}`}>
          Edit
        </Button>
        {a.status === 'active' ? (
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={() => confirmThen(ACCOUNT_TEXT.confirmDeactivate, () => deactivate.mutate({ id: a.id }))}
            aria-label={`Deactivate ${a.username}`}
          >
            Deactivate
          </Button>
        ) : (
          <Button
            size="xs"
            color="green"
            variant="light"
            onClick={() => reactivate.mutate({ id: a.id })}
            aria-label={`Reactivate ${a.username}`}
          >
            Reactivate
          </Button>
        )}
      </Group>
    );
  };

  return (
    <Section title="List of Accounts">
      <ListTable
        caption="List of Accounts"
        rows={accounts.data}
        rowKey={(a) => a.id}
        loading={accounts.isPending}
        emptyText="No accounts found."
        columns={[
          { header: 'Username', cell: (a) => a.username },
          { header: 'Email', cell: (a) => a.email },
          {
            header: 'Role',
            cell: (a) => roleName(a.role),
          },
          { header: 'Status', cell: (a) => <StatusBadge status={a.status} /> },
          { header: 'Actions', cell: actions, nowrap: true },
        ]}
      />
      <EditAccountModal account={editing} onClose={() => setEditing(null)} onSaved={refresh} />
    </Section>
  );
}
