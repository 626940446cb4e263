import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import { hashPassword } from '../domains/auth/passwords';
import { NO_PASSWORD } from '../domains/backup/restore/users';
import type { Db } from './open';
import { users } from './schema';

export interface SeedResult {
  created: boolean;
  email: string;
  /** Set only when the password was generated: printed once, never stored in clear. */
  generatedPassword?: string;
}

/**
 * First start: the system admin from ADMIN_EMAIL and ADMIN_PASSWORD. Without a
 * password one is generated, printed once, and must be changed at first login.
 */
export async function seedSystemAdmin(db: Db, config: Config): Promise<SeedResult> {
  const existing = db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, config.adminEmail))
    .get();
  if (existing && existing.passwordHash !== NO_PASSWORD) return { created: false, email: config.adminEmail };
  const generatedPassword = config.adminPassword ? undefined : randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(config.adminPassword ?? generatedPassword!);
  // A database restored from a downloaded copy has no password at all: the system admin gets
  // its first-start password again, so someone can sign in and approve the others' resets.
  if (existing) {
    db.update(users)
      .set({ passwordHash, needsPasswordReset: generatedPassword !== undefined, updatedAt: new Date() })
      .where(eq(users.id, existing.id))
      .run();
    return { created: true, email: config.adminEmail, generatedPassword };
  }
  db.insert(users)
    .values({
      username: 'admin',
      email: config.adminEmail,
      passwordHash,
      role: 'admin',
      needsPasswordReset: generatedPassword !== undefined,
    })
    .onConflictDoNothing()
    .run();
  return { created: true, email: config.adminEmail, generatedPassword };
}
