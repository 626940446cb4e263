import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { MIN_SECRET_BYTES } from './domains/auth/tokens';
import { PROJECT_ROOT } from './lib/projectRoot';

/** A DNS name as a certificate may hold it: letters, digits, hyphens, dots. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

// Environment -> typed config. Every default runs as is on a fresh machine.
const env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  ADMIN_EMAIL: z.string().trim().toLowerCase().email().default('admin@bakeshop.local'),
  // An empty variable means "not set": generate one.
  ADMIN_PASSWORD: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters.').optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // HTTPS=1: https beside plain http on PORT, with the shop's own authority (README, Selling
  // through an outage). 1/true/yes/on or 0/false/no/off; empty is off.
  HTTPS: z.preprocess((v) => (v === '' ? undefined : v), z.stringbool().optional()),
  // More names or addresses for the server certificate, comma-separated.
  HTTPS_NAMES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .refine((names) => names.every((n) => isIP(n) || HOST_NAME.test(n)), {
      message: 'HTTPS_NAMES must be host names or IP addresses, separated by commas.',
    }),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  dbFile: string;
  adminEmail: string;
  adminPassword?: string;
  jwtSecret: Uint8Array;
  logLevel: string;
  /** Set when HTTPS is on: the extra names from HTTPS_NAMES for the server certificate. */
  https: { extraNames: string[] } | null;
  /** Where the built client lives; absent in API-only test runs. */
  clientDir: string;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = env.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Bad configuration: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  // The shop's data and signing key are for the app's own user only.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    dbFile: path.join(dataDir, 'shop.sqlite'),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    jwtSecret: loadJwtSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    https: e.HTTPS ? { extraNames: e.HTTPS_NAMES } : null,
    clientDir: path.join(PROJECT_ROOT, 'dist/client'),
  };
}

/** The signing key is made on first start and kept beside the data, readable by the owner only. */
function loadJwtSecret(dataDir: string): Uint8Array {
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(48).toString('base64'), { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  const secret = new Uint8Array(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'));
  if (secret.length < MIN_SECRET_BYTES) {
    throw new Error(
      `The signing key in ${file} is ${secret.length} bytes; at least ${MIN_SECRET_BYTES} are needed. ` +
        'Delete the file to have a new one made on start (everyone will have to sign in again).',
    );
  }
  return secret;
}
