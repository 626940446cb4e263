import { Stack, Title } from '@mantine/core';
import { can } from '../../../shared/roles';
import { useSessionUser } from '../../shell/useSessionUser';
import { AccountsSection } from './AccountsSection';
import { ActionRequestsSection } from './ActionRequestsSection';
import { RegistrationSection } from './RegistrationSection';
import { ResetSection } from './ResetSection';

/** User Management; managers see the accounts and the action requests only. */
export function UserManagementScreen() {
  const role = useSessionUser()?.role;
  return (
    <Stack gap="xl">
      <Title order={1}>User Management</Title>
      {can(role, 'reviewRegistrations') ? <RegistrationSection /> : null}
      <AccountsSection />
      {can(role, 'reviewPasswordResets') ? <ResetSection /> : null}
      {can(role, 'reviewActionRequests') ? <ActionRequestsSection /> : null}
    </Stack>
  );
}
