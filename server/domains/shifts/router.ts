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
import { allow, router } from '../../trpc/procedures';
import { scPwdBook, takeEndOfDay } from './endOfDay';
import { listEndOfDay } from './lookBack';
import { closeShift, currentShift, listShifts, moveCash, openShift, shiftReading } from './service';
import { voidCash } from './voids';

const shiftsProcedure = allow('shifts');
const endOfDayProcedure = allow('endOfDay');

/** A span of Manila days as instants [start, end); by default the last 30 days to today. */
export function spanOf(input: { from?: string; to?: string }, now = new Date()) {
  const to = input.to ?? manilaDate(now);
  const from = input.from ?? addDays(to, -29);
  // End of Day asks for the same span all day: its instants are worked out once.
  if (from !== lastSpan.from || to !== lastSpan.to)
    lastSpan = {
      from,
      to,
      start: manilaDayStart(from).getTime(),
      end: manilaDayStart(addDays(to, 1)).getTime(),
    };
  return { from, to, start: new Date(lastSpan.start), end: new Date(lastSpan.end) };
}
let lastSpan = { from: '', to: '', start: 0, end: 0 };

// The shift controls and readings of the Counter, the end of day, the SC/PWD book.
export const shiftsRouter = router({
  open: shiftsProcedure
    .input(openShiftInput)
    .mutation(({ ctx, input }) =>
      openShift(ctx.db, ctx.viewer, input.openingCash, new Date(), input.terminalId),
    ),
  cash: shiftsProcedure
    .input(cashMoveInput)
    .mutation(({ ctx, input }) => moveCash(ctx.db, ctx.viewer, input)),
  /** Staff void their own shift's cash as a request; managers and up any open shift's at once. */
  voidCash: shiftsProcedure
    .input(voidCashInput)
    .mutation(({ ctx, input }) => voidCash(ctx.db, ctx.viewer, input)),
  current: shiftsProcedure.query(({ ctx }) => currentShift(ctx.db, ctx.viewer)),
  reading: shiftsProcedure
    .input(shiftIdInput)
    .query(({ ctx, input }) => shiftReading(ctx.db, ctx.viewer, input.id)),
  close: shiftsProcedure
    .input(closeShiftInput)
    .mutation(({ ctx, input }) => closeShift(ctx.db, ctx.viewer, input)),
  list: shiftsProcedure.input(daysInput).query(({ ctx, input }) => {
    const span = spanOf(input);
    return listShifts(ctx.db, ctx.viewer, span.start, span.end);
  }),
  takeZReading: endOfDayProcedure
    .input(endOfDayInput)
    .mutation(({ ctx, input }) => takeEndOfDay(ctx.db, ctx.viewer, new Date(), input)),
  zReadings: endOfDayProcedure.input(daysInput).query(({ ctx, input }) => {
    const span = spanOf(input);
    return listEndOfDay(ctx.db, span.start, span.end);
  }),
  scPwdBook: endOfDayProcedure.input(daysInput).query(({ ctx, input }) => {
    const span = spanOf(input);
    return { from: span.from, to: span.to, rows: scPwdBook(ctx.db, span.start, span.end) };
  }),
});
