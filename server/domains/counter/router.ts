import {
  cashMoveInput,
  closeShiftInput,
  daysInput,
  endOfDayInput,
  openShiftInput,
  shiftIdInput,
  voidCashInput,
} from '../../../shared/schemas/shifts';
import { addDays, manilaDate, manilaDayStart } from '../../../shared/time';
import { allow, router } from '../../trpc';
import { listEndOfDay, scPwdBook, takeEndOfDay } from './endOfDay';
import { closeShift, currentShift, listShifts, moveCash, openShift, shiftReading } from './service';
import { voidCash } from './voids';

const till = allow('shifts');
const day = allow('endOfDay');

/** A span of Manila days as instants [start, end); by default the last 30 days to today. */
export function spanOf(input: { from?: string; to?: string }, now = new Date()) {
  const to = input.to ?? manilaDate(now);
  const from = input.from ?? addDays(to, -29);
  return { from, to, start: manilaDayStart(from), end: manilaDayStart(addDays(to, 1)) };
}

// The shift controls and readings of the Counter, the end of day, the SC/PWD book.
export const counterRouter = router({
  open: till
    .input(openShiftInput)
    .mutation(({ ctx, input }) => openShift(ctx.db, ctx.viewer, input.openingCash)),
  cash: till.input(cashMoveInput).mutation(({ ctx, input }) => moveCash(ctx.db, ctx.viewer, input)),
  /** Staff void their own shift's cash as a request; managers and up any open shift's at once. */
  voidCash: till.input(voidCashInput).mutation(({ ctx, input }) => voidCash(ctx.db, ctx.viewer, input)),
  current: till.query(({ ctx }) => currentShift(ctx.db, ctx.viewer)),
  reading: till.input(shiftIdInput).query(({ ctx, input }) => shiftReading(ctx.db, ctx.viewer, input.id)),
  close: till.input(closeShiftInput).mutation(({ ctx, input }) => closeShift(ctx.db, ctx.viewer, input)),
  shifts: till.input(daysInput).query(({ ctx, input }) => {
    const span = spanOf(input);
    return listShifts(ctx.db, ctx.viewer, span.start, span.end);
  }),
  endOfDay: day
    .input(endOfDayInput)
    .mutation(({ ctx, input }) => takeEndOfDay(ctx.db, ctx.viewer, new Date(), input.requestKey ?? null)),
  endOfDayList: day.input(daysInput).query(({ ctx, input }) => {
    const span = spanOf(input);
    return listEndOfDay(ctx.db, span.start, span.end);
  }),
  scPwdBook: day.input(daysInput).query(({ ctx, input }) => {
    const span = spanOf(input);
    return { from: span.from, to: span.to, rows: scPwdBook(ctx.db, span.start, span.end) };
  }),
});
