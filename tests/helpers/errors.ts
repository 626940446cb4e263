import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';
import { readableMessage } from '../../server/lib/errors';

/** Awaits a call that must fail with this tRPC code and, when given, this exact message. */
export async function expectTrpcError(call: Promise<unknown>, code: TRPCError['code'], message?: string) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected ${code}, but the call succeeded`).toBeInstanceOf(TRPCError);
  const trpcError = error as TRPCError;
  expect(trpcError.code).toBe(code);
  if (message !== undefined) expect(readableMessage(trpcError)).toBe(message);
  return trpcError;
}
