import { Modal, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PASSWORD_MIN } from '../../../shared/constants';
import { AUTH_TEXT, emailProblem, normaliseEmail } from '../../../shared/texts/auth';
import { useTRPC } from '../../trpc';
import { EmailField } from '../../ui/EmailField';
import { FormMessage, type FormNote, noteOutcome } from '../../ui/FormMessage';
import { ModalActions } from '../../ui/ModalActions';

/** Registration request: an admin approves it before the account exists. */
export function RegisterModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const register = useMutation(trpc.requests.register.mutationOptions());
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [note, setNote] = useState<FormNote | null>(null);

  const clearFields = () => {
    setEmail('');
    setPassword('');
    setConfirmation('');
  };

  const cancel = () => {
    clearFields();
    setNote(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmedEmail = email.trim();
    // Checked in this order: blank, then email shape, then the confirmation.
    if (trimmedEmail === '' || password.trim() === '') {
      setNote({ kind: 'error', text: AUTH_TEXT.registerBlank });
      return;
    }
    const problem = emailProblem(normaliseEmail(trimmedEmail));
    if (problem) {
      setNote({ kind: 'error', text: problem });
      return;
    }
    if (password !== confirmation) {
      setNote({ kind: 'error', text: AUTH_TEXT.registerMismatch });
      return;
    }
    if (register.isPending) return;
    setNote(null);
    register.mutate(
      { email: trimmedEmail, password },
      noteOutcome(
        setNote,
        { success: AUTH_TEXT.registerSubmitted, failure: AUTH_TEXT.registerFailed },
        clearFields,
      ),
    );
  };

  return (
    <Modal opened={opened} onClose={cancel} title="Request Registration" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <EmailField value={email} onValueChange={setEmail} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            placeholder={`At least ${PASSWORD_MIN} characters`}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            placeholder="Type the password again"
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
          />
          <FormMessage note={note} />
          <ModalActions onCancel={cancel} />
        </Stack>
      </form>
    </Modal>
  );
}
