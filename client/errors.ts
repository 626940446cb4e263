import { TRPCClientError } from '@trpc/client';
import { AUTH_TEXT } from '../shared/texts/auth';

/** No HTTP answer at all (server down, offline): the error carries no `data`. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TRPCClientError && error.data == null;
}

export function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const status = (error.data as { httpStatus?: unknown } | null | undefined)?.httpStatus;
  return typeof status === 'number' ? status : undefined;
}

/** The message the server sent (already one readable sentence), or the fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() ? error.message.trim() : fallback;
}

/** The server's message, its fallback, or the network-failure text. */
export function failureText(
  error: unknown,
  fallback: string,
  network: string = AUTH_TEXT.serverError,
): string {
  return isNetworkFailure(error) ? network : serverMessage(error, fallback);
}
