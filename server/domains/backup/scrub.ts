import Database from 'better-sqlite3';
import { NO_PASSWORD } from './restore/users';

/**
 * A downloaded copy of the database leaves the shop's machine, so it holds no secret: no
 * password hash (each account is marked as having none, as a restored account is), no
 * session or refresh token, no sign-in throttle rows, no registration's hash, and no old
 * bytes of any of them left in free space. VACUUM takes seconds on a big shop: the server
 * runs this in the restore worker (./restore/offThread.ts).
 * The daily snapshots stay on the machine, whole, for the server's own recovery.
 */
export function scrubSecrets(file: string): void {
  const copy = new Database(file, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    copy.transaction(() => {
      copy.prepare('UPDATE users SET password_hash = ?, needs_password_reset = 1').run(NO_PASSWORD);
      copy.prepare("UPDATE registration_requests SET password_hash = ''").run();
      for (const table of ['refresh_tokens', 'sessions', 'throttle_hits']) copy.exec(`DELETE FROM ${table}`);
    })();
    // Pages keep the old bytes of rows rewritten long ago in their free space: rebuild them all.
    copy.exec('VACUUM');
  } finally {
    copy.close();
  }
}
