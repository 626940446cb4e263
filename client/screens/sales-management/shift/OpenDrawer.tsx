import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconCashRegister } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { can } from '../../../../shared/roles';
import { DRAWER_REASON_MAX, PRINTERS_TEXT as T } from '../../../../shared/texts/printers';
import { failureText } from '../../../errors';
import { useSessionUser } from '../../../shell/useSessionUser';
import { deviceTerminalId } from '../../../terminal';
import { useTRPC } from '../../../trpc';
import { useOpenedOnce } from '../../../ui/lazyDialog';
import { toast } from '../../../ui/outcome';

/**
 * "Open drawer" on the Counter bar (admin, owner, manager): the cash drawer wired to this
 * terminal's receipt printer opens without a sale, for the reason given (Activity Log).
 */
export function OpenDrawer() {
  const trpc = useTRPC();
  const allowed = can(useSessionUser()?.role, 'openDrawer');
  const [opened, setOpened] = useState(false);
  const drawn = useOpenedOnce(opened);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = useMutation(
    trpc.printers.openDrawer.mutationOptions({
      // Opened: a toast, and the dialog goes. The printer did not answer: said in the dialog.
      onSuccess: (answer) => {
        if (!answer.printed) return setError(answer.message);
        toast(answer.message, 'success');
        setOpened(false);
      },
      onError: (e) => setError(failureText(e, T.drawerFailed)),
    }),
  );
  if (!allowed) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const why = reason.trim();
    if (!why) return setError(T.drawerReasonRequired);
    setError(null);
    open.mutate({ terminalId: deviceTerminalId(), reason: why });
  };

  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        color="gray"
        leftSection={<IconCashRegister size={16} />}
        onClick={() => {
          setReason('');
          setError(null);
          setOpened(true);
        }}
      >
        {T.drawerButton}
      </Button>
      {drawn ? (
        <Modal opened={opened} onClose={() => setOpened(false)} title={T.drawerButton} centered size="sm">
          <form onSubmit={submit} aria-label={T.drawerButton} noValidate>
            <Stack gap="sm">
              <TextInput
                label={T.drawerReason}
                description={T.drawerReasonHint}
                withAsterisk
                maxLength={DRAWER_REASON_MAX}
                autoComplete="off"
                value={reason}
                error={error ?? undefined}
                onChange={(e) => {
                  setReason(e.currentTarget.value);
                  setError(null);
                }}
                data-autofocus
              />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" type="button" onClick={() => setOpened(false)}>
                  Cancel
                </Button>
                <Button type="submit" loading={open.isPending}>
                  {T.drawerButton}
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal>
      ) : null}
    </>
  );
}
