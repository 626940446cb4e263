import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type RouterOutputs, useTRPC } from '../../trpc';
import type { CartFields } from './useCart';

export type Sc5Allowance = RouterOutputs['sales']['sc5Allowance'];

/**
 * What is left this week of the senior's 5% allowance, asked of the server once the ID is
 * typed (SC5 only); null until it answers. The cart computes its totals with it, as the
 * checkout does with the same figure read inside its transaction.
 */
export function useSc5Allowance(fields: CartFields): Sc5Allowance | null {
  const trpc = useTRPC();
  const [idNumber] = useDebouncedValue(fields.discountIdNumber.trim(), 300);
  const asked = fields.discount === 'SC5' && idNumber !== '';
  const allowance = useQuery({
    ...trpc.sales.sc5Allowance.queryOptions({ idNumber }),
    enabled: asked,
    staleTime: 0,
  });
  return asked ? (allowance.data ?? null) : null;
}
