import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NAVIGATION } from '../../shared/roles';
import { AUTH_TEXT } from '../../shared/texts/auth';
import { ADMIN, PASSWORD } from '../helpers/app';
import {
  menuLabels,
  sideNav,
  signInThroughScreen,
  snapshot,
  storedSession,
  TABLET,
} from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';
import { STAFF_MENU } from '../helpers/menus';

const b = browserShopForFile();

async function path(page: Page) {
  await page.waitForLoadState('networkidle');
  return new URL(page.url()).pathname;
}

describe('guards', () => {
  it.each(['/dashboard', '/inventory', '/settings', '/no-such-screen'])(
    'sends a visitor without a session from %s to /login',
    async (target) => {
      const { page, context } = await b.newPage();
      await page.goto(target);
      await page.waitForURL('**/login');
      await context.close();
    },
  );

  it('needs both the login flag and a token', async () => {
    const { page, context } = await b.newPage();
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('isLoggedIn', 'true'));
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.evaluate(() => {
      localStorage.setItem('token', 'something');
      localStorage.removeItem('isLoggedIn');
    });
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await context.close();
  });
});

describe('admin', () => {
  it('sees every menu entry and the header, and each entry opens its screen', async () => {
    const { page, context } = await b.newPage();
    await signInThroughScreen(page, ADMIN.email, ADMIN.password);
    expect(await menuLabels(page)).toEqual(NAVIGATION.map((e) => e.label));
    await page.getByText('Logged in as: admin (admin)').waitFor();
    await snapshot(page, 'admin-dashboard');
    await sideNav(page).getByRole('link', { name: 'Supplier Management' }).click();
    await page.waitForURL('**/supplier-management');
    await page.getByRole('heading', { level: 1, name: 'Supplier Management' }).waitFor();
    await sideNav(page).getByRole('link', { name: 'Backup and Restore' }).click();
    await page.waitForURL('**/backuprestore');
    // The menu points Pricing Management at /dashboard: it opens there, as the Dashboard's pricing view.
    await sideNav(page).getByRole('link', { name: 'Pricing Management' }).click();
    await page.waitForURL('**/dashboard?view=pricing');
    await page.getByRole('heading', { level: 1, name: 'Pricing Management' }).waitFor();
    await sideNav(page).getByRole('link', { name: 'Report', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await context.close();
  });

  it('on a reload of a screen, asks for its code with the page and its data with the first calls', async () => {
    const { page, context } = await b.newPage();
    await signInThroughScreen(page, ADMIN.email, ADMIN.password);
    await sideNav(page).getByRole('link', { name: 'Inventory' }).click();
    await page.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor();
    await page.waitForLoadState('networkidle');
    const calls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/trpc/')) calls.push(new URL(req.url()).pathname.slice('/trpc/'.length));
    });
    const reloaded = await page.reload();
    // The page's HTML names the screen's code (vite.config.ts, pagePreloads), so the tablet
    // fetches it beside the entry instead of after the entry has run; and it holds the
    // shell's skeleton with the screen's title, painted before any script runs.
    const html = (await reloaded?.text()) ?? '';
    expect(html).toMatch(/<script type="module"[^>]* data-modules="[^"]*\/assets\/InventoryScreen-[^"]*"/);
    expect(html).toMatch(/<main[^>]*><h1[^>]*>Inventory<\/h1><\/main>/);
    await page.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor();
    await page.waitForLoadState('networkidle');
    // One render sends the session check, the header's and the screen's calls together.
    const first = calls[0]?.split(',') ?? [];
    expect(first).toEqual(expect.arrayContaining(['auth.me', 'settings.shopProfile', 'inventory.list']));
    // The item form is not part of the first paint: its code comes when it first opens.
    expect(html).not.toMatch(/ItemFormModal-/);
    const formCode = page.waitForRequest(/\/assets\/ItemFormModal-[^/]+\.js$/);
    await page.getByRole('button', { name: '+ Add Item' }).click();
    await formCode;
    await page.getByRole('dialog').getByLabel('Item Name').waitFor();
    await context.close();
  });

  it("paints each screen's title where the screen puts it, before its code runs", async () => {
    // The pages without their scripts: what the tablet shows until they arrive (anyone gets
    // the page's HTML; the script that would send a visitor without a session away never runs).
    const bare = await b.newPage(TABLET);
    await bare.page.route('**/assets/*.js', (route) => route.abort());
    const { page, context } = await b.newPage(TABLET);
    await signInThroughScreen(page, ADMIN.email, ADMIN.password);
    const headingOf = async (on: Page) => {
      const heading = on.locator('main :is(h1, h2)').first();
      const box = await heading.boundingBox();
      return {
        text: await heading.textContent(),
        level: await heading.evaluate((h) => h.tagName),
        // Same place and size, to the pixel: the screen's title takes over the skeleton's without a jump.
        box: box && { x: Math.round(box.x), y: Math.round(box.y), height: Math.round(box.height) },
      };
    };
    for (const at of new Set(NAVIGATION.filter((e) => !e.view).map((e) => e.path))) {
      await bare.page.goto(at);
      await page.goto(at);
      await page.waitForLoadState('networkidle');
      expect(await headingOf(bare.page), at).toEqual(await headingOf(page));
    }
    await bare.context.close();
    await context.close();
  }, 120_000);

  it('remembers the collapsed side navigation across a reload, and hides Logout while collapsed', async () => {
    const { page, context } = await b.newPage();
    await signInThroughScreen(page, ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    await snapshot(page, 'collapsed');
    await page.reload();
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    // Collapsed entries still lead somewhere: their names are their labels.
    await sideNav(page).getByRole('link', { name: 'Inventory' }).click();
    await page.waitForURL('**/inventory');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await context.close();
  });

  it('logs out: clears the four keys, ends the session on the server and goes to /login', async () => {
    const { page, context } = await b.newPage();
    await signInThroughScreen(page, ADMIN.email, ADMIN.password);
    const { token } = await storedSession(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await storedSession(page)).toEqual({
      token: null,
      refreshToken: null,
      user: null,
      isLoggedIn: null,
    });
    // The sign-out call goes out as the screen leaves: the session ends once it lands.
    const me = () =>
      b.shop.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    await expect.poll(async () => (await me()).statusCode, { timeout: 10_000 }).toBe(401);
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await context.close();
  });
});

describe('staff', () => {
  it('sees only its six entries and is sent away from the admin screens', async () => {
    const staff = await b.shop.addUser('staff');
    const { page, context } = await b.newPage();
    await signInThroughScreen(page, staff.email, PASSWORD);
    expect(await menuLabels(page)).toEqual(STAFF_MENU);
    await page.getByText(`Logged in as: ${staff.username} (staff)`).waitFor();
    for (const screen of [
      '/user-management',
      '/activity-log',
      '/sales-report',
      '/backuprestore',
      '/settings',
    ]) {
      await page.goto(screen);
      await page.waitForURL('**/dashboard');
    }
    await context.close();
  });

  it('works on a tablet, where the menu starts collapsed so tables keep their width', async () => {
    const staff = await b.shop.addUser('staff');
    const { page, context } = await b.newPage(TABLET);
    await signInThroughScreen(page, staff.email, PASSWORD);
    // No choice stored yet: narrow screens start collapsed (no Logout button shows).
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    await sideNav(page).getByRole('link', { name: 'Customer Management' }).click();
    await page.waitForURL('**/customer-management');
    const table = page.getByRole('table', { name: 'Customer Management' });
    await table.waitFor();
    const overflow = await page.evaluate(() => {
      const region = document.querySelector('[role="region"][aria-label^="Customer Management"]');
      return region ? region.scrollWidth - region.clientWidth : -1;
    });
    expect(overflow).toBe(0);
    await snapshot(page, 'tablet-staff');
    // Opening it is remembered, as on a wide screen.
    await page.getByRole('button', { name: /expand/i }).click();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await context.close();
  });
});

describe('an account without a role', () => {
  it('sees only the Dashboard with a notice to wait for a role', async () => {
    const user = await b.shop.addUser(null);
    const { page, context } = await b.newPage();
    await signInThroughScreen(page, user.email, PASSWORD);
    expect(await menuLabels(page)).toEqual(['Dashboard']);
    await page.getByText(AUTH_TEXT.noRole).waitFor();
    await page.getByText(`Logged in as: ${user.username} (User)`).waitFor();
    await page.goto('/inventory');
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});

describe('session refresh', () => {
  it('refreshes once on a refused token, stores the rotated pair and stays on the screen', async () => {
    const { page, context } = await b.newPage();
    await signInThroughScreen(page, ADMIN.email, ADMIN.password);
    const before = await storedSession(page);
    await page.evaluate(() => localStorage.setItem('token', 'expired.or.forged'));
    await page.reload();
    await page.getByText('Logged in as: admin (admin)').waitFor();
    await page.waitForLoadState('networkidle');
    const after = await storedSession(page);
    expect(await path(page)).toBe('/dashboard');
    expect(after.token).not.toBe('expired.or.forged');
    expect(after.refreshToken).not.toBe(before.refreshToken);
    await context.close();
  });

  it('keeps the session when the page reloads while a refresh is on its way', async () => {
    const { page, context } = await b.newPage();
    await signInThroughScreen(page, ADMIN.email, ADMIN.password);
    await page.waitForLoadState('networkidle');
    const before = await storedSession(page);
    // The first refresh reaches the server (which rotates the token) but its answer is lost.
    let refreshes = 0;
    let firstSent: () => void = () => {};
    const sent = new Promise<void>((resolve) => {
      firstSent = resolve;
    });
    await page.route('**/trpc/auth.refresh*', async (route) => {
      refreshes++;
      if (refreshes > 1) return route.continue();
      await route.fetch();
      firstSent();
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      await route.abort().catch(() => undefined);
    });
    await page.evaluate(() => localStorage.setItem('token', 'expired.or.forged'));
    await page.reload();
    await sent;
    await page.reload();
    await page.getByText('Logged in as: admin (admin)').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await path(page)).toBe('/dashboard');
    const after = await storedSession(page);
    expect(after.token).not.toBe('expired.or.forged');
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(refreshes).toBe(2);
    // The session family is alive: its token still refreshes.
    const again = await b.shop.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ refreshToken: after.refreshToken }),
    });
    expect(again.statusCode).toBe(200);
    await context.close();
  });

  it('two tabs refused at once refresh under one lock and both stay signed in', async () => {
    const { page, context } = await b.newPage();
    await signInThroughScreen(page, ADMIN.email, ADMIN.password);
    await page.waitForLoadState('networkidle');
    const second = await context.newPage();
    await second.goto('/dashboard');
    await second.waitForLoadState('networkidle');
    // Which tab sent each refresh and how it ended, so a failure says what happened.
    const refreshLog: string[] = [];
    const tabOf = (req: Request) => (req.frame().page() === page ? 'first tab' : 'second tab');
    context.on('request', (req) => {
      if (req.url().includes('/trpc/auth.refresh')) refreshLog.push(`${tabOf(req)} sent`);
    });
    context.on('requestfailed', (req) => {
      if (req.url().includes('/trpc/auth.refresh'))
        refreshLog.push(`${tabOf(req)} failed: ${req.failure()?.errorText}`);
    });
    await page.evaluate(() => localStorage.setItem('token', 'expired.or.forged'));
    await Promise.all([page.reload(), second.reload()]);
    for (const tab of [page, second]) {
      await tab.getByText('Logged in as: admin (admin)').waitFor();
      await tab.waitForLoadState('networkidle');
      expect(await path(tab)).toBe('/dashboard');
    }
    // Usually one refresh: the second tab waits on a Web Lock and then finds the new token.
    // Chromium passes localStorage between tab processes asynchronously, so a tab may still
    // read the old token for a moment and refresh too; the server's grace period then hands
    // it the same successor (tests/api/sign-in-hardening.test.ts), and the session lives.
    const sent = refreshLog.filter((entry) => entry.endsWith('sent'));
    expect(sent.length, refreshLog.join('; ')).toBeGreaterThanOrEqual(1);
    expect(sent.length, refreshLog.join('; ')).toBeLessThanOrEqual(2);
    expect(
      refreshLog.filter((entry) => entry.includes('failed')),
      refreshLog.join('; '),
    ).toEqual([]);
    // Nothing was taken for a stolen token: the session still works in both tabs.
    await Promise.all([page.reload(), second.reload()]);
    for (const tab of [page, second]) await tab.getByText('Logged in as: admin (admin)').waitFor();
    expect((await storedSession(second)).token).not.toBe('expired.or.forged');
    await context.close();
  });

  it('clears the session and goes to /login when the refresh fails', async () => {
    const { page, context } = await b.newPage();
    await signInThroughScreen(page, ADMIN.email, ADMIN.password);
    await page.evaluate(() => {
      localStorage.setItem('token', 'expired.or.forged');
      localStorage.setItem('refreshToken', 'not-a-real-one');
    });
    await page.reload();
    await page.waitForURL('**/login');
    expect(await storedSession(page)).toEqual({
      token: null,
      refreshToken: null,
      user: null,
      isLoggedIn: null,
    });
    await context.close();
  });
});
