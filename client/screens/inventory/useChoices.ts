import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { COUNTER_FETCH_CAP } from '../../../shared/constants';
import type { CategoryType } from '../../../shared/schemas/settings';
import { INVENTORY_TEXT } from '../../../shared/texts/inventory';
import { useTRPC } from '../../trpc';
import { toast } from '../../ui/outcome';
import { optionOf } from './inventory';

/** Toasts `text` once when a query that feeds a form's selects fails. */
function useFailureToast(failed: boolean, text: string) {
  useEffect(() => {
    if (failed) toast(text, 'error');
  }, [failed, text]);
}

/** Categories of one type, for the item form (inventory) or the cake form (cake). */
export function useCategoryOptions(type: CategoryType) {
  const trpc = useTRPC();
  const categories = useQuery(trpc.settings.categories.list.queryOptions({ type }));
  useFailureToast(categories.isError, INVENTORY_TEXT.optionsFailed);
  return (categories.data ?? []).map(optionOf);
}

/** The item form's other selects: units of measure and suppliers. */
export function useItemOptions() {
  const trpc = useTRPC();
  const units = useQuery(trpc.settings.units.list.queryOptions());
  const suppliers = useQuery(
    trpc.suppliers.list.queryOptions({
      page: 1,
      limit: COUNTER_FETCH_CAP,
      search: '',
      field: 'name',
      order: 'asc',
    }),
  );
  useFailureToast(units.isError, INVENTORY_TEXT.optionsFailed);
  useFailureToast(suppliers.isError, INVENTORY_TEXT.suppliersFailed);
  return {
    units: (units.data ?? []).map(optionOf),
    suppliers: (suppliers.data?.rows ?? []).map(optionOf),
  };
}

/** The cake form's sizes. */
export function useSizeOptions() {
  const trpc = useTRPC();
  const sizes = useQuery(trpc.settings.sizes.list.queryOptions());
  useFailureToast(sizes.isError, INVENTORY_TEXT.optionsFailed);
  return (sizes.data ?? []).map(optionOf);
}
