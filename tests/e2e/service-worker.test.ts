import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { ADMIN } from '../helpers/app';
import { sideNav, signInThroughScreen, snapshot } from '../helpers/browser';
import { browserShopForFile } from '../helpers/browserFile';

// On http://127.0.0.1 (as on localhost or https) Chromium runs the app's service worker.
const b = browserShopForFile();

/** Waits until a service worker is active and serving the page; answers what it keeps. */
async function keptFiles(page: Page) {
  // The app registers it five seconds after the page has loaded (client/main.tsx).
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
    timeout: 20_000,
  });
  return page.evaluate(async () => {
    const names = await caches.keys();
    const urls = await Promise.all(
      names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)),
    );
    return { names, urls: urls.flat() };
  });
}

const portOf = () => Number(new URL(b.baseURL).port);

/** Stops the shop's server, as a brownout does; `serveAgain` starts it on the same port. */
async function stopServer() {
  await b.shop.app.close();
}
async function serveAgain(clientDir = b.shop.config.clientDir) {
  b.shop.app = await buildApp({ db: b.shop.db, config: { ...b.shop.config, clientDir }, logger: false });
  await b.shop.app.listen({ port: portOf(), host: '127.0.0.1' });
}

/** What the page is: the app's (its title, its root filled) or Chromium's error page. */
const pageShown = (page: Page) =>
  page.evaluate(() => ({
    title: document.title,
    rendered: (document.getElementById('root')?.childElementCount ?? 0) > 0,
  }));

describe('the service worker', () => {
  it("keeps every file of the build and nothing of the API's", async () => {
    const { page, context } = await b.newPage();
    await signInThroughScreen(page, ADMIN.email, ADMIN.password);
    const { names, urls } = await keptFiles(page);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^shop-app-[0-9a-f]{16}$/);
    const built = readdirSync(path.join(b.shop.config.clientDir, 'assets'))
      .filter((f) => !/\.(br|gz)$/.test(f))
      .map((f) => `/assets/${f}`);
    expect(urls.sort()).toEqual(['/index.html', '/logo.svg', ...built].sort());

    // Online, the API's answers come from the server, never the worker; the files from what it keeps.
    const answers: { path: string; fromWorker: boolean }[] = [];
    page.on('response', (r) =>
      answers.push({ path: new URL(r.url()).pathname, fromWorker: r.fromServiceWorker() }),
    );
    await page.reload();
    await page.getByText('Logged in as: admin (admin)').waitFor();
    await page.evaluate(() => fetch('/api/health'));
    await page.waitForLoadState('networkidle');
    const api = answers.filter((a) => /^\/(trpc|api)\//.test(a.path));
    expect(api.some((a) => a.path.startsWith('/trpc/'))).toBe(true);
    expect(api.map((a) => a.path)).toContain('/api/health');
    expect(api.filter((a) => a.fromWorker)).toEqual([]);
    const assets = answers.filter((a) => a.path.startsWith('/assets/'));
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.filter((a) => !a.fromWorker)).toEqual([]);
    // Opened as pages too, the API and the certificate page go straight to the server.
    for (const url of ['/api/health', '/setup/certificate']) {
      const opened = await page.goto(url);
      expect(opened?.fromServiceWorker(), url).toBe(false);
    }
    await context.close();
  });

  it('waits until the first screen has loaded before it keeps the files', async () => {
    const { page, context } = await b.newPage();
    // Installing fetches every file of the build: not while the first screen loads its own.
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Log in to your account' }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration())).toBeUndefined();
    expect(await page.evaluate(() => caches.keys())).toEqual([]);
    expect((await keptFiles(page)).names).toHaveLength(1);
    await context.close();
  });

  it('reopens the app with the server down, and takes the pages from the server once it is back', async () => {
    const { page, context } = await b.newPage();
    await signInThroughScreen(page, ADMIN.email, ADMIN.password);
    await keptFiles(page);
    await sideNav(page).getByRole('link', { name: 'Sales Management' }).click();
    await page.waitForURL('**/sales-management');
    // The app's own screen, not Chromium's error page: the sign-in screen, or the signed-in
    // shell where the app keeps the session through an outage.
    const appShown = page.getByRole('form', { name: 'Login' }).or(sideNav(page));

    await stopServer();
    try {
      const reopened = await page.reload();
      expect(reopened?.fromServiceWorker()).toBe(true);
      await appShown.waitFor();
      expect(await pageShown(page)).toEqual({
        title: 'Back Office | Baking Supplies & Cake Shop',
        rendered: true,
      });
      await page.waitForLoadState('networkidle');
      await appShown.waitFor();
      await snapshot(page, 'service-worker-offline-reload');
      // A page not opened before comes up too: every page renders from the kept index.html.
      const inventory = await page.goto('/inventory');
      expect(await inventory?.text()).not.toContain('InventoryScreen-');
      await appShown.waitFor();
      // The API is never answered from what the worker keeps: with the server down it fails.
      const api = await page.evaluate(async () =>
        Promise.all(
          ['/api/health', '/trpc/auth.me'].map((url) =>
            fetch(url).then(
              (r) => `${url}: ${r.status}`,
              () => `${url}: failed`,
            ),
          ),
        ),
      );
      expect(api).toEqual(['/api/health: failed', '/trpc/auth.me: failed']);
      await expect(page.goto('/setup/certificate')).rejects.toThrow(/ERR_CONNECTION_REFUSED/);
    } finally {
      await serveAgain();
    }
    // Back online the server's page comes first (the Inventory page names its screen's code).
    // Chromium may still be committing the refused navigation's error page, which interrupts
    // a navigation begun meanwhile: then the page is asked for again.
    const online = await page.goto('/inventory').catch((error: Error) => {
      if (!error.message.includes('interrupted by another navigation')) throw error;
      return page.goto('/inventory');
    });
    expect(online?.status()).toBe(200);
    expect(await online?.text()).toContain('InventoryScreen-');
    await appShown.waitFor();
    await context.close();
  });

  it('makes way for a new deployment: its files replace the old ones', async () => {
    const { page, context } = await b.newPage();
    await page.goto('/login');
    const before = (await keptFiles(page)).names;
    // The next build: the same files under a new version, as any change to them makes.
    const version = String(before[0]).slice('shop-app-'.length);
    const next = version.split('').reverse().join('');
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-next-build-'));
    try {
      cpSync(b.shop.config.clientDir, dir, { recursive: true });
      const worker = path.join(dir, 'sw.js');
      expect(readFileSync(worker, 'utf8')).toContain(version);
      writeFileSync(worker, readFileSync(worker, 'utf8').replaceAll(version, next));
      await stopServer();
      await serveAgain(dir);
      await page.reload();
      await expect
        .poll(() => page.evaluate(() => caches.keys()), { timeout: 20_000 })
        .toEqual([`shop-app-${next}`]);
      await page.waitForFunction(
        (url) => navigator.serviceWorker.controller?.scriptURL === url,
        `${b.baseURL}/sw.js`,
      );
      expect((await pageShown(page)).rendered).toBe(true);
    } finally {
      await stopServer();
      await serveAgain();
      rmSync(dir, { recursive: true, force: true });
    }
    await context.close();
  });
});
