import { NOTIFICATIONS_PAGE_SIZE } from '../../../shared/constants';
import { pageInput } from '../../../shared/schemas/paging';
import { allow, router } from '../../trpc';
import * as notifications from './service';

const see = allow('notifications');

export const notificationsRouter = router({
  list: see
    .input(pageInput(NOTIFICATIONS_PAGE_SIZE))
    .query(({ ctx, input }) => notifications.listNotifications(ctx.db, ctx.viewer, input)),
  unreadCount: see.query(({ ctx }) => notifications.unreadCount(ctx.db, ctx.viewer)),
  markSeen: see.mutation(({ ctx }) => notifications.markSeen(ctx.db, ctx.viewer)),
});
