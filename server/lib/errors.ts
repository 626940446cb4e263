import { TRPCError } from '@trpc/server';

/** Messages people can act on; internal failures never leak details. */
export const SERVER_FAILED = 'Something went wrong on the server. Please try again.';

/** A body or a ?input= that JSON.parse refused ("Unexpected end of JSON input" is the engine's). */
const INPUT_NOT_JSON = 'The request input is not valid JSON.';

interface IssueLike {
  message: string;
  code?: string;
  path?: PropertyKey[];
  expected?: string;
  values?: unknown[];
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  inclusive?: boolean;
}

function zodIssues(cause: unknown): IssueLike[] | undefined {
  if (cause && typeof cause === 'object' && 'issues' in cause && Array.isArray(cause.issues)) {
    return cause.issues as IssueLike[];
  }
  return undefined;
}

/** zod's own wording ("Invalid input: expected object, received null"): it names no field. */
const ZOD_WORDING =
  /^(Invalid (input|option|string|number|key|element|union|type|literal|date)|Too (big|small)|Unrecognized key)/;

const KINDS: Record<string, string> = {
  object: 'an object of fields',
  array: 'a list',
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  bigint: 'a number',
  date: 'a date',
};

/**
 * An issue in the schema's words, or, where a schema left zod's default, one that says
 * which field is wrong and how, so a person can still act on it.
 */
function issueMessage(issue: IssueLike): string {
  if (!ZOD_WORDING.test(issue.message)) return issue.message;
  const field = issue.path?.length ? issue.path.map(String).join('.') : 'The input';
  const limit = (n: number | bigint | undefined) => String(n);
  const chars = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' entries' : '';
  switch (issue.code) {
    case 'invalid_type':
      return `${field} must be ${KINDS[issue.expected ?? ''] ?? issue.expected}.`;
    case 'invalid_value':
      return `${field} must be one of: ${(issue.values ?? []).map(String).join(', ')}.`;
    case 'too_big':
      return `${field} must be at most ${limit(issue.maximum)}${chars}.`;
    case 'too_small':
      return issue.inclusive === false
        ? `${field} must be more than ${limit(issue.minimum)}${chars}.`
        : `${field} must be at least ${limit(issue.minimum)}${chars}.`;
    default:
      return `${field} is not valid.`;
  }
}

/** The one message a person reads for an error: the first validation message, or the error's own. */
export function readableMessage(error: TRPCError): string {
  if (error.code === 'INTERNAL_SERVER_ERROR') return SERVER_FAILED;
  const issues = zodIssues(error.cause);
  if (issues?.[0]) return issueMessage(issues[0]);
  if (error.code === 'PARSE_ERROR' || error.cause instanceof SyntaxError) return INPUT_NOT_JSON;
  return error.message;
}

/** A request's path for a message: without its query, and cut short (it is the caller's text). */
export function shownPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path.length > 100 ? `${path.slice(0, 100)}…` : path;
}

export const fail = {
  badRequest: (message: string) => new TRPCError({ code: 'BAD_REQUEST', message }),
  unauthorized: (message: string) => new TRPCError({ code: 'UNAUTHORIZED', message }),
  forbidden: (message: string) => new TRPCError({ code: 'FORBIDDEN', message }),
  notFound: (message: string) => new TRPCError({ code: 'NOT_FOUND', message }),
  conflict: (message: string) => new TRPCError({ code: 'CONFLICT', message }),
  tooMany: (message: string) => new TRPCError({ code: 'TOO_MANY_REQUESTS', message }),
  unavailable: (message: string) => new TRPCError({ code: 'SERVICE_UNAVAILABLE', message }),
  tooLarge: (message: string) => new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message }),
};

function sqliteCode(error: unknown): string | undefined {
  return error && typeof error === 'object' && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

/** What a counter is told when its write meets another connection's (a restore being applied). */
export const DATABASE_BUSY =
  'A restore is being applied, so changes wait a moment. Please try again in a few seconds.';

/** Whether SQLite refused a write because another connection holds the write lock. */
export const databaseBusy = (error: unknown) => sqliteCode(error)?.startsWith('SQLITE_BUSY') === true;

/**
 * Runs one write whose service checked first, so a unique index (a parallel writer from
 * another process) or a foreign key only backs the check up, and still answers 409, never 500.
 */
export function conflictOnConstraint<T>(write: () => T, duplicate: () => string, stillUsed: () => string): T {
  try {
    return write();
  } catch (error) {
    const code = sqliteCode(error);
    if (code === 'SQLITE_CONSTRAINT_UNIQUE') throw fail.conflict(duplicate());
    if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw fail.conflict(stillUsed());
    throw error;
  }
}
