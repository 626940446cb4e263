import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { Role } from '../../shared/roles';

// Instants are stored as epoch milliseconds (UTC).
const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  username: text('username').notNull().unique(),
  /** Always trimmed and lower-case: emails compare case-insensitively. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').$type<Role>(),
  status: text('status', { enum: ['active', 'deactivated'] })
    .notNull()
    .default('active'),
  needsPasswordReset: integer('needs_password_reset', { mode: 'boolean' }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
});

/** One row per sign-in; its refresh tokens form a family that ends together. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
    endReason: text('end_reason'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** Refresh tokens are stored only as SHA-256 hashes. A used one is kept to detect reuse. */
export const refreshTokens = sqliteTable(
  'refresh_tokens',
  {
    hash: text('hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('refresh_tokens_session').on(t.sessionId)],
);

/** Failed sign-ins only, for throttling; old rows are pruned as new ones arrive. */
export const loginFailures = sqliteTable(
  'login_failures',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('login_failures_email').on(t.email, t.at), index('login_failures_ip').on(t.ip, t.at)],
);

export const REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const registrationRequests = sqliteTable(
  'registration_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('registration_requests_email').on(t.email, t.status)],
);

export const passwordResetRequests = sqliteTable(
  'password_reset_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    /** Null when no account has this email: the request is kept, and marked, for the admin. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('password_reset_requests_email').on(t.email, t.status)],
);

export const activityLogs = sqliteTable(
  'activity_logs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    module: text('module').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('activity_logs_created').on(t.createdAt)],
);

export const NOTIFICATION_TYPES = ['info', 'warning', 'success', 'error'] as const;

export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_created').on(t.createdAt)],
);

/** Small key-value settings such as the shop profile; values are JSON. */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
