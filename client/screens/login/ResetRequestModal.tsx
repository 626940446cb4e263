import { Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { AUTH_TEXT } from '../../../shared/texts/auth';
import { useTRPC } from '../../trpc';
import { EmailField } from '../../ui/EmailField';
import { FormMessage, type FormNote, noteOutcome } from '../../ui/FormMessage';
import { ModalActions } from '../../ui/ModalActions';

/** Asks an admin for a password reset; the answer is the same whether or not the email exists. */
export function ResetRequestModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const resetRequest = useMutation(trpc.resetRequests.create.mutationOptions());
  const [email, setEmail] = useState('');
  const [note, setNote] = useState<FormNote | null>(null);

  const cancel = () => {
    setEmail('');
    setNote(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') {
      setNote({ kind: 'error', text: AUTH_TEXT.resetBlank });
      return;
    }
    if (resetRequest.isPending) return;
    setNote(null);
    resetRequest.mutate(
      { email: email.trim() },
      noteOutcome(setNote, { success: AUTH_TEXT.resetSent, failure: AUTH_TEXT.resetFailed }, () =>
        setEmail(''),
      ),
    );
  };

  return (
    <Modal opened={opened} onClose={cancel} title="Reset Password" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Enter your account's email. An admin will approve the reset and give you a temporary password.
          </Text>
          <EmailField value={email} onValueChange={setEmail} />
          <FormMessage note={note} />
          <ModalActions onCancel={cancel} submitLabel="Send Request" />
        </Stack>
      </form>
    </Modal>
  );
}
