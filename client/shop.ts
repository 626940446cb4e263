import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SHOP_NAME } from '../shared/constants';
import { useTRPC } from './trpc';

/** The business name from the shop profile, or the default until it is set. */
export function useShopName(): string {
  const trpc = useTRPC();
  const profile = useQuery(trpc.settings.shopProfile.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  return profile.data?.businessName.trim() || DEFAULT_SHOP_NAME;
}
