import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_REDIRECT_MS } from '../../../shared/constants';
import { AUTH_TEXT } from '../../../shared/texts/auth';
import { isNetworkFailure, serverMessage } from '../../errors';
import { saveSignIn } from '../../session';
import { useTRPC } from '../../trpc';
import { EmailField } from '../../ui/EmailField';
import type { PopupKind } from '../../ui/usePopup';

interface LoginFormProps {
  showPopup: (kind: PopupKind, text: string) => void;
  onMustReset: () => void;
  onForgotPassword: () => void;
  onRequestRegistration: () => void;
}

export function LoginForm({
  showPopup,
  onMustReset,
  onForgotPassword,
  onRequestRegistration,
}: LoginFormProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const login = useMutation(trpc.auth.login.mutationOptions());
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [blank, setBlank] = useState({ email: false, password: false });
  const [connectionProblem, setConnectionProblem] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirect.current), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const emailBlank = email.trim() === '';
    const passwordBlank = password.trim() === '';
    setBlank({ email: emailBlank, password: passwordBlank });
    setConnectionProblem(false);
    if (emailBlank || passwordBlank || login.isPending) return;

    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (result) => {
          saveSignIn(result);
          // Whatever the last account had cached must not leak into this one's screens.
          queryClient.clear();
          if (result.user.needsPasswordReset) {
            // The temporary password has done its work: it does not stay in the form. The
            // modal says why it opened itself; a popup over it would hide its fields for 3 s.
            setPassword('');
            onMustReset();
            return;
          }
          showPopup('success', AUTH_TEXT.loginSuccess);
          redirect.current = setTimeout(() => navigate('/dashboard'), LOGIN_REDIRECT_MS);
        },
        onError: (error) => {
          if (isNetworkFailure(error)) setConnectionProblem(true);
          else showPopup('error', serverMessage(error, AUTH_TEXT.loginFailed));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Login">
      <Stack gap="sm">
        <EmailField
          autoComplete="username"
          value={email}
          error={blank.email}
          onValueChange={(value) => {
            setEmail(value);
            setBlank((b) => ({ ...b, email: false }));
          }}
        />
        <TextInput
          label="Password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          placeholder="Your password"
          value={password}
          error={blank.password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setBlank((b) => ({ ...b, password: false }));
          }}
        />
        <Checkbox
          label="Show Password"
          checked={showPassword}
          onChange={(event) => setShowPassword(event.currentTarget.checked)}
        />
        <Button type="submit" fullWidth>
          Login
        </Button>
        {connectionProblem ? (
          <Text c="red" size="sm" role="alert">
            {AUTH_TEXT.loginNetwork}
          </Text>
        ) : null}
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            Forgot Password
          </Anchor>
          <Button variant="light" size="xs" type="button" onClick={onRequestRegistration}>
            Request Registration
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
