import { Box, Center, Paper, Title } from '@mantine/core';
import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { clearSession, readRefreshToken } from '../../session';
import { useTRPCClient } from '../../trpc';
import { ConnectingBox } from '../../ui/ConnectingBox';
import { Logo } from '../../ui/Logo';
import { Popup } from '../../ui/Popup';
import { usePopup } from '../../ui/usePopup';
import { LoginFooter } from './LoginFooter';
import { LoginForm } from './LoginForm';
import { NewPasswordModal } from './NewPasswordModal';
import { RegisterModal } from './RegisterModal';
import { ResetRequestModal } from './ResetRequestModal';

type OpenModal = 'register' | 'resetRequest' | 'newPassword' | null;

export function LoginScreen() {
  const client = useTRPCClient();
  const { popup, show, close } = usePopup();
  const [openModal, setOpenModal] = useState<OpenModal>(null);
  const pending = useIsMutating() > 0;

  // A must-reset session can do nothing but set a password, so giving up on it ends it.
  const cancelNewPassword = () => {
    setOpenModal(null);
    const refreshToken = readRefreshToken();
    if (refreshToken) client.auth.logout.mutate({ refreshToken }).catch(() => undefined);
    clearSession();
  };

  return (
    <Box mih="100vh" display="flex" style={{ flexDirection: 'column' }}>
      <Box
        component="nav"
        aria-label="Shop"
        px="md"
        py="xs"
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Logo />
      </Box>

      <Center component="main" flex={1} p="md">
        <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={400}>
          <Title order={1} size="h3" mb="md" ta="center">
            Log in to your account
          </Title>
          <LoginForm
            showPopup={show}
            onMustReset={() => setOpenModal('newPassword')}
            onForgotPassword={() => setOpenModal('resetRequest')}
            onRequestRegistration={() => setOpenModal('register')}
          />
        </Paper>
      </Center>

      <LoginFooter />

      <RegisterModal opened={openModal === 'register'} onClose={() => setOpenModal(null)} />
      <ResetRequestModal opened={openModal === 'resetRequest'} onClose={() => setOpenModal(null)} />
      <NewPasswordModal
        opened={openModal === 'newPassword'}
        onCancel={cancelNewPassword}
        onDone={() => setOpenModal(null)}
        showPopup={show}
      />
      <ConnectingBox visible={pending} />
      <Popup popup={popup} onClose={close} />
    </Box>
  );
}
