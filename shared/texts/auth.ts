import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../constants';

// The review side of the requests: its toasts and its rules' messages.
export const REQUEST_TEXT = {
  resetApproved: 'Reset request approved.',
  resetNotFound: 'That password reset request does not exist.',
  resetNotPending: 'This password reset request has already been decided.',
  resetNoAccount: 'No account uses this email, so there is no password to reset.',
  resetSystemAccount: "The system account's password cannot be reset here.",
  resetOutranks: 'You can only reset the password of an account below your rank.',
} as const;

// Sign-in's exact texts, shared by the server's checks, the login screen and the tests.
export const AUTH_TEXT = {
  loginSuccess: 'Login successful! Redirecting to dashboard...',
  loginFailed: 'Invalid email or password',
  loginBlank: 'Please enter your email and password.',
  loginNetwork: 'There was a problem connecting to the server.',
  mustReset: 'You must reset your password before continuing.',
  deactivated: 'Your account has been deactivated.',
  loginPending:
    'Your registration request is waiting for admin approval. Please try again once it is accepted.',
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
  emailHidden: 'Email must not contain spaces, hidden or control characters.',
  signInRequired: 'Please log in to continue.',
  sessionEnded: 'Your session has ended. Please log in again.',
  noRole: 'Your account is waiting for an admin to assign a role.',
  forbidden: 'You do not have permission to do this.',
  refreshInvalid: 'Your session has ended. Please log in again.',
} as const;

// An email is the key of an account and is copied into notifications, logs and
// spreadsheets, so it must read as exactly what it is. NFKC folds full-width and
// compatibility look-alikes; hidden characters (zero-width, bidi overrides, control
// codes: Unicode's \p{C}) are refused outright; what is left must be a plain ASCII
// address, which refuses Cyrillic or Greek letters that look Latin, markup, quotes
// and a leading = + - @ that a spreadsheet would run as a formula.
export const HIDDEN = /\p{C}/u;
/** Local part: starts with a letter or digit; then letters, digits and . _ % + - ' */
const LOCAL = /^[a-z0-9][a-z0-9._%+'-]{0,63}$/i;
/** Domain: dot-separated labels of letters, digits and inner hyphens; the last one 2+ long. */
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])$/i;

/** Trimmed, NFKC-normalised and lower-case: the one form an email is stored and compared in. */
export function normaliseEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

/** Why an email cannot be used for a new account or a reset request, or null when it can. */
export function emailProblem(email: string): string | null {
  if (HIDDEN.test(email)) return AUTH_TEXT.emailHidden;
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (at < 1 || email.includes('..') || !LOCAL.test(local) || !DOMAIN.test(domain)) {
    return AUTH_TEXT.registerInvalidEmail;
  }
  return null;
}
