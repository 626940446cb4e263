// Ids sent by clients, in a module of their own: the login screen's schemas need them
// without the form fields' (its bundle has a budget).
import { z } from 'zod';

/**
 * What z.coerce.number does, for text only: a URL's or a form's "12" is 12, but a boolean,
 * a list, a BigInt or a Date stays as it is and is refused (coerce read true and [1] as 1:
 * record 1).
 */
export const numberFromText = (value: unknown) => (typeof value === 'string' ? Number(value) : value);

/** A database id sent back by a client (a select's value, a row's id). */
export const recordId = (message: string) =>
  z.preprocess(
    numberFromText,
    z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message),
  );
