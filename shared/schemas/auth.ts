import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../constants';

// SPEC.md §5 and §8 strings, shared by the server's checks, the login screen and the tests.
export const AUTH_TEXT = {
  loginSuccess: 'Login successful! Redirecting to dashboard...',
  loginFailed: 'Invalid email or password',
  loginBlank: 'Please enter your email and password.',
  loginNetwork: 'There was a problem connecting to the server.',
  mustReset: 'You must reset your password before continuing.',
  deactivated: 'Your account has been deactivated.',
  connecting: 'Connecting, please wait...',
  registerInvalidEmail: 'Please enter a valid email address without consecutive dots.',
  registerBlank: 'Please fill in both email and password.',
  registerMismatch: 'Passwords do not match.',
  registerSubmitted: 'Registration request submitted! Please wait for your approval from the admin!',
  registerFailed: 'Registration failed.',
  serverError: 'Server error. Please try again later.',
  registerTaken: 'This email already has an account or a pending registration request.',
  resetBlank: 'Please enter your email.',
  resetSent: 'Password reset request sent. Please wait for admin approval.',
  resetFailed: 'Failed to send reset request',
  newPasswordTitle: 'Type in your new password!',
  newPasswordBlank: 'Please fill in both password fields.',
  newPasswordMismatch: 'Your new password does not match! Please try again!',
  newPasswordSet: 'Your new password was set! You may now log in!',
  newPasswordDone: 'Password reset successfully! You can now log in.',
  newPasswordFailed: 'Failed to reset password',
  newPasswordNotAllowed: 'You can only set a new password for your own account when a reset is required.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters.`,
  emailTooLong: `Email must be at most ${EMAIL_MAX} characters.`,
  signInRequired: 'Please log in to continue.',
  sessionEnded: 'Your session has ended. Please log in again.',
  noRole: 'Your account is waiting for an admin to assign a role.',
  forbidden: 'You do not have permission to do this.',
  refreshInvalid: 'Your session has ended. Please log in again.',
} as const;

/** SPEC.md §5: {local}@{domain}.{tld}, tld ≥ 2, no whitespace, no consecutive dots. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_SHAPE.test(email) && !email.includes('..');
}

const text = (message: string) => z.string({ error: message });

/** Emails are compared case-insensitively, so they are kept trimmed and lower-case. */
const normalEmail = (blank: string) =>
  text(blank)
    .trim()
    .min(1, blank)
    .max(EMAIL_MAX, AUTH_TEXT.emailTooLong)
    .transform((e) => e.toLowerCase());

export const loginInput = z.object(
  {
    email: normalEmail(AUTH_TEXT.loginBlank),
    password: text(AUTH_TEXT.loginBlank)
      .refine((p) => p.trim().length > 0, AUTH_TEXT.loginBlank)
      .refine((p) => p.length <= PASSWORD_MAX, AUTH_TEXT.passwordTooLong),
  },
  { error: AUTH_TEXT.loginBlank },
);

const newPassword = (blank: string) =>
  text(blank)
    .refine((p) => p.trim().length > 0, blank)
    .refine((p) => p.length >= PASSWORD_MIN, AUTH_TEXT.passwordTooShort)
    .refine((p) => p.length <= PASSWORD_MAX, AUTH_TEXT.passwordTooLong);

export const registerInput = z.object(
  {
    email: normalEmail(AUTH_TEXT.registerBlank).refine(isValidEmail, AUTH_TEXT.registerInvalidEmail),
    password: newPassword(AUTH_TEXT.registerBlank),
  },
  { error: AUTH_TEXT.registerBlank },
);

export const resetRequestInput = z.object(
  { email: normalEmail(AUTH_TEXT.resetBlank).refine(isValidEmail, AUTH_TEXT.registerInvalidEmail) },
  { error: AUTH_TEXT.resetBlank },
);

export const refreshInput = z.object(
  { refreshToken: text(AUTH_TEXT.refreshInvalid).min(1, AUTH_TEXT.refreshInvalid).max(512) },
  { error: AUTH_TEXT.refreshInvalid },
);

export const setNewPasswordInput = z.object(
  {
    userId: z.coerce.number({ error: 'userId must be your account id.' }).int().positive(),
    newPassword: newPassword(AUTH_TEXT.newPasswordBlank),
  },
  { error: AUTH_TEXT.newPasswordBlank },
);

export type LoginInput = z.infer<typeof loginInput>;
export type RegisterInput = z.infer<typeof registerInput>;

/** The user as the login response and local storage carry it. */
export interface SessionUser {
  id: number;
  _id: number;
  username: string;
  email: string;
  role: import('../roles').Role | null;
  status: 'active' | 'deactivated';
  needsPasswordReset: boolean;
}
