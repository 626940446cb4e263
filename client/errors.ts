import { TRPCClientError } from '@trpc/client';

/** No HTTP answer at all (server down, offline): the error carries no `data`. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TRPCClientError && error.data == null;
}

export function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const status = (error.data as { httpStatus?: unknown } | null | undefined)?.httpStatus;
  return typeof status === 'number' ? status : undefined;
}

/**
 * The message the server sent, or the fallback. Input-validation errors arrive as a JSON
 * list of issues; the first issue's message is the one a person can act on.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error) || !error.message) return fallback;
  const text = error.message.trim();
  if (!text.startsWith('[')) return text;
  try {
    const issues = JSON.parse(text) as Array<{ message?: unknown }>;
    const first = issues[0]?.message;
    return typeof first === 'string' && first ? first : fallback;
  } catch {
    return text;
  }
}
