import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { RANK, ROLES, type Role, rankOf } from '../../../shared/roles';
import { ACCOUNT_TEXT } from '../../../shared/texts/accounts';
import { useSessionUser } from '../../shell/useSessionUser';
import { useTRPC } from '../../trpc';
import { confirmThen } from '../../ui/confirm';
import { ModalActions } from '../../ui/ModalActions';
import { useReportedMutation } from '../../ui/outcome';
import type { Account } from './AccountsSection';
import { roleName } from './roleName';

const NO_ROLE = 'User';

/** Edit Account: Username, Email, Role; only roles below the editor's are offered. */
export function EditAccountModal({
  account,
  onClose,
  onSaved,
}: {
  account: Account | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const trpc = useTRPC();
  const myRank = rankOf(useSessionUser()?.role);
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>(NO_ROLE);
  useEffect(() => {
    setUsername(account?.username ?? '');
    setEmail(account?.email ?? '');
    setRole(account?.role ?? NO_ROLE);
  }, [account]);
  const update = useReportedMutation(
    trpc.users.update,
    { success: ACCOUNT_TEXT.updated, failure: ACCOUNT_TEXT.updateFailed },
    () => {
      onSaved();
      onClose();
    },
  );
  const roles = ROLES.filter((r) => RANK[r] < myRank && r !== 'admin');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!account) return;
    confirmThen(ACCOUNT_TEXT.confirmEdit, () =>
      update.mutate({ id: account.id, username, email, role: role === NO_ROLE ? null : (role as Role) }),
    );
  };

  return (
    <Modal opened={account !== null} onClose={onClose} title="Edit Account" centered>
      <form onSubmit={submit} aria-label="Edit Account">
        <Stack>
          <TextInput label="Username" value={username} onChange={(e) => setUsername(e.currentTarget.value)} />
          <TextInput
            label="Email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <Select
            label="Role"
            data={[NO_ROLE, ...roles].map((r) => ({
              value: r,
              label: r === NO_ROLE ? 'User (no role)' : roleName(r as Role),
            }))}
            value={role}
            onChange={(value) => setRole(value ?? NO_ROLE)}
            allowDeselect={false}
          />
          <ModalActions onCancel={onClose} submitLabel="Save" loading={update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
