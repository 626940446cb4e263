import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, users } from '../../server/db/schema';
import { PASSWORD } from '../helpers/app';
import { CASHIER_SCREEN, sideNav, signInThroughScreen, snapshot, TABLET } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

// The unread count beside Notifications is for what the person has not seen: while the list
// is open, a notice arriving shows up in it, and the count stays clear.
const b = browserShopForFile();

describe('the notifications badge', () => {
  it.each([
    ['1366', CASHIER_SCREEN],
    ['820', TABLET],
  ] as const)(
    'clears while the list is open, also for a notice that arrives then, at %s px',
    async (label, viewport) => {
      const staff = await b.shop.addUser('staff');
      b.shop.db.update(users).set({ notificationsSeenAt: null }).where(eq(users.id, staff.id)).run();
      b.shop.db
        .insert(notifications)
        .values({ type: 'info', message: `Earlier notice ${label}` })
        .run();
      const { page, context } = await b.newPage(viewport);
      await page.clock.install();
      await signInThroughScreen(page, staff.email, PASSWORD);
      const nav = sideNav(page);
      await nav
        .getByLabel(/unread/)
        .first()
        .waitFor();
      await page.goto('/notifications');
      await page.getByText(`Earlier notice ${label}`, { exact: true }).waitFor();
      await nav
        .getByLabel(/unread/)
        .first()
        .waitFor({ state: 'detached' });

      // A notice arrives while the list is open; the minute's check comes round.
      b.shop.db
        .insert(notifications)
        .values({ type: 'warning', message: `Later notice ${label}` })
        .run();
      await page.clock.fastForward(61_000);
      await page.waitForTimeout(1_000);
      expect(await nav.getByLabel(/unread/).count()).toBe(0);
      await page.getByText(`Later notice ${label}`, { exact: true }).waitFor();
      await snapshot(page, `staff-time-notifications-${label}`);
      expect(await nav.getByLabel(/unread/).count()).toBe(0);
      await context.close();
    },
  );
});
