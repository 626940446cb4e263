import { NOTIFICATIONS_PAGE_SIZE } from '../../../shared/constants';
import { pageInput } from '../../../shared/schemas/paging';
import { allow, router } from '../../trpc/procedures';
import * as notifications from './service';

const notificationsProcedure = allow('notifications');

export const notificationsRouter = router({
  list: notificationsProcedure
    .input(pageInput(NOTIFICATIONS_PAGE_SIZE))
    .query(({ ctx, input }) => notifications.listNotifications(ctx.db, ctx.viewer, input)),
  unreadCount: notificationsProcedure.query(({ ctx }) => notifications.unreadCount(ctx.db, ctx.viewer)),
  markSeen: notificationsProcedure.mutation(({ ctx }) => notifications.markSeen(ctx.db, ctx.viewer)),
});
