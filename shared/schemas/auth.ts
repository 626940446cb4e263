import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import { AUTH_TEXT, emailProblem, HIDDEN, normaliseEmail } from '../texts/auth';

const text = (message: string) => z.string({ error: message });

/** Emails are compared in one normal form (normaliseEmail); hidden characters are never accepted. */
const normalEmail = (blank: string) =>
  text(blank)
    .transform(normaliseEmail)
    .pipe(
      z
        .string()
        .min(1, blank)
        .max(EMAIL_MAX, AUTH_TEXT.emailTooLong)
        .refine((e) => !HIDDEN.test(e), AUTH_TEXT.emailHidden),
    );

/** An email that will be stored: a new account's, or one a reset request names. */
export const newEmail = (blank: string) =>
  normalEmail(blank).superRefine((email, ctx) => {
    const problem = emailProblem(email);
    if (problem && problem !== AUTH_TEXT.emailHidden) ctx.addIssue({ code: 'custom', message: problem });
  });

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
    email: newEmail(AUTH_TEXT.registerBlank),
    password: newPassword(AUTH_TEXT.registerBlank),
  },
  { error: AUTH_TEXT.registerBlank },
);

export const resetRequestInput = z.object(
  { email: newEmail(AUTH_TEXT.resetBlank) },
  { error: AUTH_TEXT.resetBlank },
);

export const refreshInput = z.object(
  { refreshToken: text(AUTH_TEXT.refreshInvalid).min(1, AUTH_TEXT.refreshInvalid).max(512) },
  { error: AUTH_TEXT.refreshInvalid },
);

export const setNewPasswordInput = z.object(
  {
    // A number only (a REST form's text is read at its route): the login screen imports this
    // file, and a preprocessing schema here costs its first JavaScript 18 kB gzipped.
    userId: z
      .number({ error: 'userId must be your account id.' })
      .int('userId must be your account id.')
      .positive('userId must be your account id.')
      .max(Number.MAX_SAFE_INTEGER, 'userId must be your account id.'),
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
