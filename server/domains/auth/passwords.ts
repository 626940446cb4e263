import { randomBytes, randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { FairGate } from '../../lib/fairGate';

// argon2id (the library's default algorithm; its enum is a const enum that
// isolated modules cannot read) with OWASP's minimum profile: 19 MiB, 2 passes.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** One gate for every password hash and check in the process. */
const passwordGate = new FairGate(Math.max(1, availableParallelism()), 1000);

/**
 * Every hash and check passes the shared gate, in the lane of the address that asked
 * (`lane`), so a flood of sign-ins cannot starve the other counters of CPU.
 */
export function hashPassword(password: string, lane = 'system'): Promise<string> {
  return passwordGate.run(lane, () => hash(password, OPTIONS));
}

export async function checkPassword(hashed: string, password: string, lane = 'system'): Promise<boolean> {
  return passwordGate.run(lane, async () => {
    try {
      return await verify(hashed, password);
    } catch {
      return false;
    }
  });
}

/** Hash of a password nobody knows: verified against when an email has no account, so timing does not tell. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hash(randomBytes(16).toString('hex'), OPTIONS);
  return decoy;
}

/** A readable one-time password: 12 characters without look-alikes (0/O, 1/l/I). */
export function temporaryPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]).join('');
}
