import { z } from 'zod';
import { TERMINAL_TEXT } from '../texts/bir';
import { BLOCK_SIZE_MAX, OFFLINE_TEXT as T } from '../texts/offline';
import { SALE_ID, SALES_TEXT } from '../texts/sales';
import { optionalRef, recordId } from './fields';
import {
  checkoutFields,
  checkoutRules,
  distinctLines,
  expectedTotals,
  invoiceSeqInput,
  namesProduct,
  saleAmount,
  saleLineFields,
} from './sales';

// Invoice blocks and the sales a device made while the server could not be reached
// (docs/decisions.md, Selling offline).

/** A block of the terminal's invoice numbers for this device (50 unless asked). */
export const reserveBlockInput = z.object({
  terminalId: recordId(TERMINAL_TEXT.notFound),
  size: z
    .number({ error: T.blockSize })
    .int(T.blockSize)
    .min(1, T.blockSize)
    .max(BLOCK_SIZE_MAX, T.blockSize)
    .default(50),
});

const chargedLine = saleLineFields
  .extend({ price: saleAmount(T.priceRequired) })
  .refine(namesProduct, SALES_TEXT.invalidItem);

const soldAt = z.union(
  [
    z.date({ error: T.soldAtRequired }),
    z.iso.datetime({ offset: true, error: T.soldAtRequired }).transform((s) => new Date(s)),
  ],
  { error: T.soldAtRequired },
);

/**
 * A sale as the device made it offline: the checkout's fields, with what only the device
 * knows for certain: its id, time, invoice number, cashier and shift, and the prices and
 * totals it charged (the customer paid them; the server keeps them even if prices changed).
 */
export const offlineSaleInput = checkoutFields
  .omit({ date: true, backdateReason: true, inDrawer: true })
  .extend({
    saleId: z.string({ error: SALES_TEXT.badSaleId }).regex(SALE_ID, SALES_TEXT.badSaleId),
    soldAt,
    terminalId: recordId(TERMINAL_TEXT.notFound),
    invoiceSeq: invoiceSeqInput.unwrap().unwrap(),
    shiftId: optionalRef(T.badShift).default(null),
    cashierId: recordId(T.cashierRequired),
    lines: z
      .array(chargedLine, { error: SALES_TEXT.noLines })
      .min(1, SALES_TEXT.noLines)
      .max(200, 'A sale can have at most 200 lines.')
      .refine(distinctLines, SALES_TEXT.repeatedLine),
    expected: z.object(
      {
        ...expectedTotals.shape,
        discountAmount: saleAmount('discountAmount must be whole centavos.').default(0),
      },
      { error: T.totalsRequired },
    ),
  })
  .superRefine(checkoutRules)
  .superRefine((sale, ctx) => {
    if (sale.discount?.type === 'SC5')
      ctx.addIssue({ code: 'custom', message: T.noSc5Offline, path: ['discount', 'type'] });
  });
export type OfflineSaleInput = z.output<typeof offlineSaleInput>;
