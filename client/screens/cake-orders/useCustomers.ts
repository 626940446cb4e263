import { useQuery } from '@tanstack/react-query';
import { COUNTER_FETCH_CAP } from '../../../shared/constants';
import { useTRPC } from '../../trpc';

/** The registered customers by name, as the counter's cart lists them. */
export function useCustomers() {
  const trpc = useTRPC();
  const customers = useQuery(
    trpc.customers.list.queryOptions(
      { page: 1, limit: COUNTER_FETCH_CAP, search: '', field: 'name', order: 'asc' },
      { staleTime: 60_000 },
    ),
  );
  return customers.data?.rows ?? [];
}

/** One registered customer as the order form offers it. */
export type CustomerChoice = ReturnType<typeof useCustomers>[number];
