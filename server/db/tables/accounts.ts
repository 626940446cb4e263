import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { AccessRule, Role } from '../../../shared/roles';
import { createdAt } from './columns';

// Accounts, sign-in, requests, the activity log, notifications and key-value settings.

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
  /** Notifications newer than this are unread for this user (the menu's badge). */
  notificationsSeenAt: integer('notifications_seen_at', { mode: 'timestamp_ms' }),
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
    /** Opened with a temporary or generated password: it may only set a new one (and nothing else may). */
    mustSetPassword: integer('must_set_password', { mode: 'boolean' }).notNull().default(false),
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
    /** The token that replaced this one, sealed with a key only this token's holder can derive,
     * so a retry inside the grace period gets the same successor back (see tokens.ts). */
    successorSealed: text('successor_sealed'),
  },
  (t) => [index('refresh_tokens_session').on(t.sessionId)],
);

/**
 * Throttled attempts (sign-ins, public requests), counted *before* the work is done so
 * parallel attempts cannot slip past the limit. A successful sign-in deletes its own rows.
 */
export const throttleHits = sqliteTable(
  'throttle_hits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** What is limited: 'login-email', 'login-address', 'register-address', 'reset-address'. */
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('throttle_hits_key').on(t.kind, t.key, t.at), index('throttle_hits_at').on(t.at)],
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

export const ACTION_REQUEST_TYPES = ['update', 'delete', 'refund', 'write-off', 'cancel'] as const;
export type ActionRequestType = (typeof ACTION_REQUEST_TYPES)[number];

/**
 * A staff user's edit, delete or refund, held for a manager or above (docs/rules.md, Held changes).
 * `payload` is what the domain needs to apply it; `details` is what people read.
 */
export const actionRequests = sqliteTable(
  'action_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    module: text('module').notNull(),
    requestType: text('request_type', { enum: ACTION_REQUEST_TYPES }).notNull(),
    targetId: text('target_id').notNull(),
    /** JSON object of readable field changes, shown as key/value pairs. */
    details: text('details').notNull(),
    /** JSON the domain's handler reads when the request is approved. */
    payload: text('payload').notNull(),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('action_requests_status').on(t.status, t.createdAt)],
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
    /** The ACCESS rule whose roles see it (shared/roles.ts); null: every signed-in role. */
    audience: text('audience').$type<AccessRule>(),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_created').on(t.createdAt)],
);

/** Small key-value settings such as the shop profile; values are JSON. */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
