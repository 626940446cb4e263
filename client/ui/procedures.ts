import type { UseQueryOptions } from '@tanstack/react-query';
import type { TRPCClientErrorLike } from '@trpc/client';
import type { TRPCQueryKeyWithoutPrefix } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../server/trpc/appRouter';
import type { useReportedMutation } from './outcome';

/** A mutation procedure taking `In`, as `trpc.<domain>.<procedure>` offers it. */
// biome-ignore lint/suspicious/noExplicitAny: a procedure's answer, error and context types are its own.
export type Procedure<In> = Parameters<typeof useReportedMutation<any, In, any, any>>[0];

/** What `trpc.<domain>.<procedure>.queryOptions(input)` makes for a query answering `Data`. */
export type QueryOptionsOf<Data> = UseQueryOptions<
  Data,
  TRPCClientErrorLike<AppRouter>,
  Data,
  TRPCQueryKeyWithoutPrefix
>;
