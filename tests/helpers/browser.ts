import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { ADMIN, PASSWORD, type TestShop, testApp } from './app';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the networking flags Chromium keeps dialling out of this closed network.
// bench/web.ts launches with the same quiet flags.
export const QUIET_CHROMIUM_FLAGS = [
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const ARGS = ['--headless', '--no-sandbox', ...QUIET_CHROMIUM_FLAGS];

export const CASHIER_SCREEN = { width: 1366, height: 768 };
export const TABLET = { width: 820, height: 1180 };
type Viewport = typeof CASHIER_SCREEN;

/**
 * The real server on a free loopback port, serving the built client, plus a
 * Chromium in Manila's time zone and locale. One per browser test file.
 */
export async function browserShop() {
  const shop: TestShop = await testApp();
  if (!existsSync(path.join(shop.config.clientDir, 'index.html'))) {
    throw new Error('The client is not built: run `npm run build` (npm test does) before the browser tests.');
  }
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  const address = shop.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });

  return {
    shop,
    baseURL: `http://127.0.0.1:${port}`,
    browser,
    /** A fresh browser profile: empty local storage, as on a new till. */
    async newPage(viewport = CASHIER_SCREEN): Promise<{ context: BrowserContext; page: Page }> {
      const context = await browser.newContext({
        baseURL: `http://127.0.0.1:${port}`,
        locale: 'en-PH',
        timezoneId: 'Asia/Manila',
        viewport,
      });
      // Under vitest's 30 s, so a stuck step fails naming its locator instead of timing out the test.
      context.setDefaultTimeout(12_000);
      const page = await context.newPage();
      // E2E_CPU_SLOWDOWN=4 runs the page as on a slow tablet (Chromium's CPU throttling).
      const slowdown = Number(process.env.E2E_CPU_SLOWDOWN ?? 1);
      if (slowdown > 1) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
      }
      return { context, page };
    },
    /** What every open page shows, printed and saved, so a failed run explains itself. */
    async explainFailure(testName: string) {
      const pages = browser.contexts().flatMap((c) => c.pages());
      for (const [i, page] of pages.entries()) {
        const name = `failed-${testName.replace(/[^\w]+/g, '-').slice(0, 60)}-${i + 1}`;
        const seen = await page.evaluate(describePage).catch((e: Error) => ({ error: e.message }));
        console.error(`[browser at failure] ${testName} (page ${i + 1}): ${JSON.stringify(seen)}`);
        await snapshot(page, name).catch(() => undefined);
      }
    },
    async close() {
      await browser.close();
      await shop.close();
    },
  };
}

/** In the page: its address, the open dialogs (name, opacity, first words) and the toasts. */
function describePage() {
  const words = (el: Element, n = 80) =>
    ((el as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').slice(0, n);
  return {
    url: location.pathname + location.search,
    dialogs: [...document.querySelectorAll('[role=dialog]')].map((d) => {
      const title = document.getElementById(d.getAttribute('aria-labelledby') ?? '');
      return { name: title ? words(title) : null, opacity: getComputedStyle(d).opacity, text: words(d) };
    }),
    toasts: [...document.querySelectorAll('.mantine-Notification-root')].map((t) => words(t)),
    focused: document.activeElement
      ? words(document.activeElement, 40) || document.activeElement.tagName
      : null,
  };
}

export type BrowserShop = Awaited<ReturnType<typeof browserShop>>;

/** Saves a screenshot under tests/.artifacts for a person to look at. */
export async function snapshot(page: Page, name: string) {
  await page.screenshot({ path: path.resolve(import.meta.dirname, '../.artifacts', `${name}.png`) });
}

/** Signs in through the login screen and waits for the Dashboard. */
export async function signInThroughScreen(page: Page, email: string, password: string) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/dashboard', { timeout: 10_000 });
}

/** The four local-storage keys the login screen sets. */
export function storedSession(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    refreshToken: localStorage.getItem('refreshToken'),
    user: localStorage.getItem('user'),
    isLoggedIn: localStorage.getItem('isLoggedIn'),
  }));
}

export const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Side navigation' });

/** The side navigation's labels, in order (without the unread count beside Notifications). */
export async function menuLabels(page: Page) {
  await sideNav(page).getByRole('link').first().waitFor();
  return sideNav(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.querySelector('.mantine-NavLink-label')?.textContent?.trim()));
}

/**
 * A fresh page signed in through the login screen: as the admin, or as `as` (an account
 * added by the test, whose password is PASSWORD unless given).
 */
export async function signedInPage(
  b: BrowserShop,
  {
    as = ADMIN,
    viewport = CASHIER_SCREEN,
  }: { as?: { email: string; password?: string }; viewport?: Viewport } = {},
) {
  const opened = await b.newPage(viewport);
  await signInThroughScreen(opened.page, as.email, as.password ?? PASSWORD);
  return opened;
}

/** Follows the side navigation's link to a screen and waits for its address. */
export async function openScreen(page: Page, label: string, path: string) {
  await sideNav(page).getByRole('link', { name: label }).click();
  await page.waitForURL(`**${path}`);
}

/** A table's row holding a cell with exactly `name`. */
export const rowOf = (table: Locator, name: string) =>
  table.getByRole('row').filter({ has: table.page().getByText(name, { exact: true }) });

/** The texts of a table's body rows in one column (0-based). */
export const column = (table: Locator, index: number) =>
  table
    .locator('tbody tr')
    .evaluateAll(
      (rows, i) => rows.map((r) => r.querySelectorAll('td')[i as number]?.textContent?.trim() ?? ''),
      index,
    );
