import { Modal, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PASSWORD_MIN } from '../../../shared/constants';
import { AUTH_TEXT } from '../../../shared/texts/auth';
import { failureText } from '../../errors';
import { clearSession, readUser } from '../../session';
import { useTRPC } from '../../trpc';
import { FormMessage } from '../../ui/FormMessage';
import { ModalActions } from '../../ui/ModalActions';
import type { PopupKind } from '../../ui/usePopup';

interface NewPasswordModalProps {
  opened: boolean;
  onCancel: () => void;
  onDone: () => void;
  showPopup: (kind: PopupKind, text: string) => void;
}

/** Forced after a reset approval: the temporary password's token can do nothing else. */
export function NewPasswordModal({ opened, onCancel, onDone, showPopup }: NewPasswordModalProps) {
  const trpc = useTRPC();
  const setNewPassword = useMutation(trpc.auth.setNewPassword.mutationOptions());
  const [newPassword, setNewPasswordText] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [blank, setBlank] = useState({ newPassword: false, confirmation: false });

  const clearFields = () => {
    setNewPasswordText('');
    setConfirmation('');
    setBlank({ newPassword: false, confirmation: false });
  };

  const cancel = () => {
    clearFields();
    onCancel();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = { newPassword: newPassword.trim() === '', confirmation: confirmation.trim() === '' };
    setBlank(missing);
    if (missing.newPassword || missing.confirmation || setNewPassword.isPending) return;
    if (newPassword !== confirmation) {
      showPopup('error', AUTH_TEXT.newPasswordMismatch);
      return;
    }
    // Checked here too, so "was set" is never followed by the server's refusal.
    if (newPassword.length < PASSWORD_MIN) {
      showPopup('error', AUTH_TEXT.passwordTooShort);
      return;
    }
    showPopup('success', AUTH_TEXT.newPasswordSet);
    const userId = readUser()?.id ?? 0;
    setNewPassword.mutate(
      { userId, newPassword },
      {
        onSuccess: () => {
          showPopup('success', AUTH_TEXT.newPasswordDone);
          clearFields();
          // The server ended the old sessions; the user now logs in with the new password.
          clearSession();
          onDone();
        },
        onError: (error) => {
          const text = failureText(error, AUTH_TEXT.newPasswordFailed);
          showPopup('error', text);
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={cancel}
      title={AUTH_TEXT.newPasswordTitle}
      centered
      closeOnClickOutside={false}
      withCloseButton={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormMessage note={{ kind: 'error', text: AUTH_TEXT.mustReset }} />
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            placeholder={`At least ${PASSWORD_MIN} characters`}
            value={newPassword}
            error={blank.newPassword && AUTH_TEXT.newPasswordBlank}
            onChange={(event) => {
              setNewPasswordText(event.currentTarget.value);
              setBlank((b) => ({ ...b, newPassword: false }));
            }}
          />
          <PasswordInput
            label="Confirm New Password"
            autoComplete="new-password"
            placeholder="Type the new password again"
            value={confirmation}
            error={blank.confirmation && AUTH_TEXT.newPasswordBlank}
            onChange={(event) => {
              setConfirmation(event.currentTarget.value);
              setBlank((b) => ({ ...b, confirmation: false }));
            }}
          />
          <ModalActions onCancel={cancel} />
        </Stack>
      </form>
    </Modal>
  );
}
