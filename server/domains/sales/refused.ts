import { TRPCError } from '@trpc/server';
import type { CurrentLine } from '../../../shared/saleRules';

/**
 * Why checkout refused a sale (409: a price changed, too little stock, a product that cannot
 * be sold), with each line's product as it is now. The tRPC error carries the lines as
 * `data.currentLines` (server/trpc/procedures.ts), so the cart re-prices from the answer itself.
 */
export class CheckoutRefused extends Error {
  constructor(
    message: string,
    readonly lines: CurrentLine[],
  ) {
    super(message);
    this.name = 'CheckoutRefused';
  }
}

export const checkoutRefused = (message: string, lines: CurrentLine[]) =>
  new TRPCError({ code: 'CONFLICT', message, cause: new CheckoutRefused(message, lines) });

/** A line's product as the refusal tells it: what the cart shows of it. */
export const currentLine = (line: CurrentLine): CurrentLine => ({
  kind: line.kind,
  id: line.id,
  code: line.code,
  name: line.name,
  price: line.price,
  stock: line.stock,
  status: line.status,
  scPwdEligible: line.scPwdEligible,
});
