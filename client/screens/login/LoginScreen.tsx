import { Box, Center, Paper, Title } from '@mantine/core';
import { useIsMutating } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { clearSession, readRefreshToken } from '../../session';
import { useTRPCClient } from '../../trpc';
import { ConnectingBox } from '../../ui/ConnectingBox';
import { Logo } from '../../ui/Logo';
import { Popup } from '../../ui/Popup';
import { usePopup } from '../../ui/usePopup';
import { LoginFooter } from './LoginFooter';
import { LoginForm } from './LoginForm';

// The three modals load the first time one is opened: most visits only sign in.
const RegisterModal = lazy(() => import('./RegisterModal').then((m) => ({ default: m.RegisterModal })));
const ResetRequestModal = lazy(() =>
  import('./ResetRequestModal').then((m) => ({ default: m.ResetRequestModal })),
);
const NewPasswordModal = lazy(() =>
  import('./NewPasswordModal').then((m) => ({ default: m.NewPasswordModal })),
);

type ModalName = 'register' | 'resetRequest' | 'newPassword';
type OpenModal = ModalName | null;

/** Renders a lazily loaded modal once it has been opened, and keeps it for its closing animation. */
function OnceOpened({ used, children }: { used: boolean; children: ReactNode }) {
  return used ? <Suspense fallback={null}>{children}</Suspense> : null;
}

export function LoginScreen() {
  const client = useTRPCClient();
  const { popup, show, close } = usePopup();
  const [openModal, setModal] = useState<OpenModal>(null);
  const [used, setUsed] = useState<ReadonlySet<ModalName>>(new Set());
  const setOpenModal = (name: OpenModal) => {
    if (name && !used.has(name)) setUsed(new Set(used).add(name));
    setModal(name);
  };
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

      <OnceOpened used={used.has('register')}>
        <RegisterModal opened={openModal === 'register'} onClose={() => setOpenModal(null)} />
      </OnceOpened>
      <OnceOpened used={used.has('resetRequest')}>
        <ResetRequestModal opened={openModal === 'resetRequest'} onClose={() => setOpenModal(null)} />
      </OnceOpened>
      <OnceOpened used={used.has('newPassword')}>
        <NewPasswordModal
          opened={openModal === 'newPassword'}
          onCancel={cancelNewPassword}
          onDone={() => setOpenModal(null)}
          showPopup={show}
        />
      </OnceOpened>
      <ConnectingBox visible={pending} />
      <Popup popup={popup} onClose={close} />
    </Box>
  );
}
