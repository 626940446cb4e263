import { daysInput } from '../../../shared/schemas/shifts';
import { allow, router } from '../../trpc/procedures';
import { spanOf } from '../shifts/router';
import { verifyJournal } from './chain';
import { journalLines } from './service';

export const journalRouter = router({
  verify: allow('journal').query(({ ctx }) => verifyJournal(ctx.db)),
  /** The text export of a span of Manila days (both ends optional: the last 30 days). */
  export: allow('journal')
    .input(daysInput)
    .query(({ ctx, input }) => {
      const span = spanOf(input);
      return {
        filename: `journal-${span.from}-to-${span.to}.txt`,
        text: [...journalLines(ctx.db, span.start, span.end)].join(''),
      };
    }),
});
