import { z } from 'zod';
import { ROLES } from '../roles';
import { ACCOUNT_TEXT } from '../texts/accounts';
import { RANGES } from '../time';
import { newEmail } from './auth';
import { recordId } from './ids';
import { pageInput } from './paging';
import { storedText } from './text';

const USERNAME = /^[a-z0-9._-]{1,50}$/i;

export const accountIdInput = z.object({ id: recordId(ACCOUNT_TEXT.accountNotFound) });

export const requestIdInput = z.object({ id: recordId(ACCOUNT_TEXT.requestNotFound) });

/** Edit Account: username, email, role. An empty role means "User" (none). */
export const updateAccountInput = z.object({
  id: accountIdInput.shape.id,
  username: z
    .string({ error: ACCOUNT_TEXT.usernameBlank })
    .trim()
    .min(1, ACCOUNT_TEXT.usernameBlank)
    .check(storedText('Username'))
    .regex(USERNAME, ACCOUNT_TEXT.usernameShape),
  email: newEmail('Please enter an email.'),
  role: z.preprocess(
    (v) => (v === '' || v === 'User' ? null : v),
    z.enum(ROLES, { error: 'Role must be owner, manager, staff or empty.' }).nullable(),
  ),
});
export type UpdateAccountInput = z.infer<typeof updateAccountInput>;

export const activityInput = pageInput(50).extend({
  range: z.enum(RANGES, { error: ACCOUNT_TEXT.badRange }).default('all'),
});
