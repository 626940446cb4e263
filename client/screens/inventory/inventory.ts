import { useQueryClient } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { FORM_TEXT } from '../../../shared/texts/fields';
import { INVENTORY_TEXT } from '../../../shared/texts/inventory';
import { failureText } from '../../errors';
import { type RouterOutputs, useTRPC } from '../../trpc';
import { toast, toastOutcome } from '../../ui/outcome';

export type ItemRow = RouterOutputs['inventory']['list']['rows'][number];
export type CakeRow = RouterOutputs['cakes']['list']['rows'][number];

/** Refetches both tables: an item's price changes the base cost of the cakes that use it. */
export function useRefreshInventory() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries(trpc.inventory.pathFilter());
    void queryClient.invalidateQueries(trpc.cakes.pathFilter());
  };
}

/**
 * A save's toasts: the server's message (info for a held staff change), else `success`;
 * on failure 'Save failed: {server message}', falling back to 'Something went wrong'.
 */
export function saveOutcome(success: string, after: () => void) {
  return {
    ...toastOutcome({ success, failure: FORM_TEXT.somethingWrong }, after),
    onError: (error: unknown) =>
      toast(INVENTORY_TEXT.saveFailed(failureText(error, FORM_TEXT.somethingWrong)), 'error'),
  };
}

/** The item and cake forms' SC/PWD checkbox: whether the senior-citizen / PWD discount applies. */
export const SC_PWD_CHECKBOX = {
  label: 'SC/PWD eligible',
  description: 'Senior citizen and PWD discount applies (food)',
  // Level with the bottom of the input beside it in the form's grid.
  style: { alignSelf: 'end' },
  mb: 6,
} as const;

/** Items only: the seniors' 5% on basic necessities and prime commodities. */
export const BASIC_NECESSITY_CHECKBOX = {
  label: 'Basic necessity or prime commodity',
  description: 'Senior citizen 5%: flour, sugar, cooking oil, milk',
  style: { alignSelf: 'end' },
  mb: 6,
} as const;

/** A select's option from a settings list or a supplier. */
export const optionOf = (entry: { id: number; name: string }) => ({
  value: String(entry.id),
  label: entry.name,
});

/** A select's value back to a record id. */
export const idOf = (value: string | null): number | null => (value ? Number(value) : null);

/** A row opens its view; its own buttons do their job without also clicking the row. */
export const withoutRowClick = (action: () => void) => (event: MouseEvent) => {
  event.stopPropagation();
  action();
};
