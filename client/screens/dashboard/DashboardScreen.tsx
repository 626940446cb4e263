import { Alert, Stack, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { AUTH_TEXT } from '../../../shared/schemas/auth';
import { useSessionUser } from '../../shell/useSessionUser';

export function DashboardScreen() {
  const user = useSessionUser();
  return (
    <Stack gap="md">
      <Title order={1}>Dashboard</Title>
      {user && user.role == null ? (
        <Alert color="yellow" icon={<IconInfoCircle />} title="No role yet">
          {AUTH_TEXT.noRole}
        </Alert>
      ) : null}
    </Stack>
  );
}
