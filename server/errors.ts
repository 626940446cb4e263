import { TRPCError } from '@trpc/server';

/** Messages people can act on; internal failures never leak details. */
export const SERVER_FAILED = 'Something went wrong on the server. Please try again.';

interface IssueLike {
  message: string;
}

function zodIssues(cause: unknown): IssueLike[] | undefined {
  if (cause && typeof cause === 'object' && 'issues' in cause && Array.isArray(cause.issues)) {
    return cause.issues as IssueLike[];
  }
  return undefined;
}

/** The one message a person reads for an error: the first validation message, or the error's own. */
export function readableMessage(error: TRPCError): string {
  if (error.code === 'INTERNAL_SERVER_ERROR') return SERVER_FAILED;
  const issues = zodIssues(error.cause);
  if (issues?.[0]) return issues[0].message;
  if (error.code === 'PARSE_ERROR') return 'The request body is not valid JSON.';
  return error.message;
}

export const fail = {
  badRequest: (message: string) => new TRPCError({ code: 'BAD_REQUEST', message }),
  unauthorized: (message: string) => new TRPCError({ code: 'UNAUTHORIZED', message }),
  forbidden: (message: string) => new TRPCError({ code: 'FORBIDDEN', message }),
  notFound: (message: string) => new TRPCError({ code: 'NOT_FOUND', message }),
  conflict: (message: string) => new TRPCError({ code: 'CONFLICT', message }),
  tooMany: (message: string) => new TRPCError({ code: 'TOO_MANY_REQUESTS', message }),
  unavailable: (message: string) => new TRPCError({ code: 'SERVICE_UNAVAILABLE', message }),
};
