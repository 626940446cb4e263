// `npm run bench:web`: how the first pages load on the shop's tablet. It builds nothing:
// it serves the built client (dist/client; `npm run build` first) from the real app over
// the large shop (bench/bigShop.ts), measures what /login loads (gzipped), and runs
// Lighthouse with its default mobile settings (simulated slow 4G, a 4× slower CPU) on
// /login and, signed in, on /dashboard, /inventory, /sales-management, /purchasing,
// /cake-orders and /production (the shop holds 200 ordered purchase orders of 50 lines and
// 200 cake orders due tomorrow, as `npm run bench` seeds them). Everything stays on loopback.
// Each run is added to bench/RESULTS.md, newest first, beside the targets; a missed target
// also makes the exit code 1. BENCH_ITEMS and BENCH_SALE_LINES make a smaller shop to try a
// change on; the record says which shop it measured. BENCH_PAGES (paths, comma-separated:
// `BENCH_PAGES=/sales-management,/production`) runs Lighthouse on those pages only; the record
// says which. BENCH_WEB_RUNS sets the runs per page (3). BENCH_LHR_DIR=dir keeps each run's
// whole Lighthouse report there (its long tasks and each script's main-thread time).

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { STORAGE } from '../shared/constants';
import { QUIET_CHROMIUM_FLAGS } from '../tests/helpers/browser';
import { seedBakery } from './bakery';
import { BENCH_ADMIN, LARGE, ON_SALE, seedShop } from './bigShop';
import { orderedPurchaseOrders } from './prepare';
import { addToResults } from './results';

const CLIENT_DIR = path.resolve(import.meta.dirname, '../dist/client');
if (!existsSync(path.join(CLIENT_DIR, 'index.html'))) {
  console.error('No built client in dist/client: run `npm run build` first, then `npm run bench:web`.');
  process.exit(1);
}

// --- Lighthouse and chrome-launcher: bench-only, so not in package.json ----------------------
// They want a newer Node than the shop's 20.x (npm warned about them on every install), so
// the first `npm run bench:web` installs them beside the app (`--no-save`: package.json and
// the lock stay as they are; the next `npm install` or `npm ci` removes them again). The
// specifiers are plain strings so that `tsc` needs neither package; the few parts used are
// typed below.
const BENCH_TOOLS = { lighthouse: '13.5.0', 'chrome-launcher': '1.2.1' } as const;

interface LighthouseResult {
  lhr: {
    runtimeError?: { message: string };
    audits: Record<string, { displayValue?: string; details?: unknown } | undefined>;
    categories: Record<string, { score: number | null } | undefined>;
    finalDisplayedUrl: string;
    lighthouseVersion: string;
  };
  /** The report as asked for (`output: 'json'`): the whole result, as text. */
  report: string | string[];
}
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;
interface ChromeLauncher {
  launch(options: { chromePath?: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
}

const ROOT = path.resolve(import.meta.dirname, '..');
const installedVersion = (name: string): string | undefined => {
  try {
    return JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
};
// Checked by reading their package.json, not by a failed import: Node remembers a package it
// did not find, and would not see it even once installed.
if (Object.entries(BENCH_TOOLS).some(([name, version]) => installedVersion(name) !== version)) {
  const packages = Object.entries(BENCH_TOOLS).map(([name, version]) => `${name}@${version}`);
  console.log(`Installing the bench's own tools (not saved to package.json): ${packages.join(' ')}`);
  execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', ...packages], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}
const importBenchTool = (specifier: string): Promise<Record<string, unknown>> => import(specifier);
const lighthouse = (await importBenchTool('lighthouse')).default as Lighthouse;
const chromeLauncher = (await importBenchTool('chrome-launcher')) as unknown as ChromeLauncher;

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
process.env.CHROME_PATH ??= CHROMIUM;
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
const ADMIN = BENCH_ADMIN;
const TABLET = { width: 820, height: 1180 };
const TARGET = { loginJsKb: 150, performance: 95, accessibility: 100 };
// Without these Chromium dials out (updates, sync, safe browsing); the bench must run offline.
const QUIET = QUIET_CHROMIUM_FLAGS;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

// --- the real app over the large shop, as `npm start` serves it ---------------------------
console.log('Seeding the large shop...');
const shop = await seedShop('bench-web', LARGE);
// The new screens' lists: open purchase orders (Purchasing) and the orders due (Cake Orders,
// Production's bake plan), so none of them is measured empty.
await orderedPurchaseOrders(shop, 2 * ON_SALE + 1);
seedBakery(shop);
const app = await buildApp({
  db: shop.db,
  config: loadConfig({ DATA_DIR: shop.dir, LOG_LEVEL: 'silent' }),
  logger: false,
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });

interface Fetched {
  status: number;
  encoding: string;
  body: Buffer;
}

function fetchRaw(url: string, acceptEncoding?: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

interface Asset {
  url: string;
  kind: 'js' | 'css';
  /** Bytes as a browser that accepts gzip receives them (gzipped here if the server sends it plain). */
  gzip: number;
  /** Whether the server sent it gzipped (or it is too small to gain from it). */
  servedGzip: boolean;
}

async function gzipped(url: string, kind: Asset['kind']): Promise<Asset> {
  const answer = await fetchRaw(url, 'gzip');
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
  const compressed = gzipSync(answer.body, { level: 9 }).length;
  // A file a few dozen bytes long would not shrink: it is rightly sent as it is.
  const servedGzip = answer.encoding === 'gzip' || compressed >= answer.body.length;
  const gzip = answer.encoding === 'gzip' ? answer.body.length : Math.min(compressed, answer.body.length);
  return { url, kind, gzip, servedGzip };
}

const total = (assets: Asset[], kind: Asset['kind']) =>
  assets.filter((a) => a.kind === kind).reduce((sum, a) => sum + a.gzip, 0);

// --- what the page /login's HTML asks for before any script runs -------------------------
const html = (await fetchRaw(`${base}/login`)).body.toString('utf8');
const referenced: Asset[] = [];
for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
  const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
  const rel = /\brel="([^"]+)"/.exec(tag)?.[1];
  if (!url || url.startsWith('data:')) continue;
  if (tag.startsWith('<script') || rel === 'modulepreload') referenced.push(await gzipped(base + url, 'js'));
  else if (rel === 'stylesheet') referenced.push(await gzipped(base + url, 'css'));
}

// --- what /login loads until it shows its form, in Chromium on a tablet-sized screen ------
const browser: Browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', ...QUIET],
});

interface Seen {
  url: string;
  kind: Asset['kind'];
  encoding: string;
}

/** Opens `url` and returns the scripts and stylesheets loaded until `ready` resolves, and after. */
async function loadsOf(page: Page, url: string, ready: () => Promise<unknown>) {
  const seen: Seen[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    seen.push({
      url: response.url(),
      kind: type === 'script' ? 'js' : 'css',
      encoding: response.headers()['content-encoding'] ?? 'identity',
    });
  });
  await page.goto(url);
  await ready();
  const firstPaint = seen.length;
  await page.waitForLoadState('networkidle');
  return { untilReady: seen.slice(0, firstPaint), after: seen.slice(firstPaint) };
}

/** Mantine class names (m_xxxxxxxx) on the page that no loaded stylesheet styles. */
function unstyledMantineParts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // No helper functions in here: tsx would wrap them in a __name() the page lacks.
    const styled = new Set<string>();
    const rules: CSSRule[] = Array.from(document.styleSheets).flatMap((sheet) => Array.from(sheet.cssRules));
    for (let rule = rules.pop(); rule; rule = rules.pop()) {
      for (const name of rule.cssText.match(/\.m_[0-9a-f]{8}/g) ?? []) styled.add(name.slice(1));
      if ('cssRules' in rule) rules.push(...Array.from((rule as CSSGroupingRule).cssRules));
    }
    const missing = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('[class*="m_"]'))) {
      const classes = Array.from(element.classList);
      for (const name of classes.filter((c) => /^m_[0-9a-f]{8}$/.test(c) && !styled.has(c))) {
        const part = classes.find((c) => c.startsWith('mantine-')) ?? element.tagName.toLowerCase();
        missing.add(`${name} (${part})`);
      }
    }
    return [...missing];
  });
}

const context = await browser.newContext({ viewport: TABLET, locale: 'en-PH', timezoneId: 'Asia/Manila' });
const loginPage = await context.newPage();
const login = await loadsOf(loginPage, `${base}/login`, () =>
  loginPage.getByRole('heading', { name: 'Log in to your account' }).waitFor(),
);
const loginUnstyled = await unstyledMantineParts(loginPage);
const firstPaint: Asset[] = [];
for (const s of login.untilReady) firstPaint.push(await gzipped(s.url, s.kind));
const later: Asset[] = [];
for (const s of login.after) later.push(await gzipped(s.url, s.kind));

// --- signing in the way the login screen does: the four local-storage keys ---------------
interface SignIn {
  accessToken: string;
  refreshToken: string;
  user: unknown;
}

async function signIn(): Promise<SignIn> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
  if (res.statusCode !== 200) throw new Error(`Sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json() as SignIn;
}

/** Runs in the page: what saveSignIn in client/session.ts stores. */
function storeSession({ session, keys }: { session: SignIn; keys: typeof STORAGE }) {
  localStorage.setItem(keys.token, session.accessToken);
  localStorage.setItem(keys.refreshToken, session.refreshToken);
  localStorage.setItem(keys.user, JSON.stringify(session.user));
  localStorage.setItem(keys.isLoggedIn, 'true');
}

const dashboardPage = await context.newPage();
await dashboardPage.addInitScript(storeSession, { session: await signIn(), keys: STORAGE });
await loadsOf(dashboardPage, `${base}/dashboard`, () =>
  dashboardPage.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor(),
);
const dashboardUnstyled = await unstyledMantineParts(dashboardPage);
await browser.close();

// --- Lighthouse, in a fresh Chromium each run ----------------------------------------------
interface Scores {
  categories: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<string, string>;
  offsite: string[];
  finalUrl: string;
  version: string;
}

const METRICS: Record<string, string> = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
};

async function lighthouseRun(url: string, prepare?: (port: number) => Promise<void>): Promise<Scores> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', ...QUIET],
  });
  try {
    if (prepare) await prepare(chrome.port);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    keepReport(url, result.report);
    const requests = (lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)
      ?.items;
    return {
      categories: Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
      ) as Scores['categories'],
      metrics: Object.fromEntries(
        Object.entries(METRICS).map(([label, id]) => [label, lhr.audits[id]?.displayValue ?? '?']),
      ),
      offsite: (requests ?? [])
        .map((r) => r.url)
        .filter((u) => !u.startsWith(base) && !u.startsWith('data:')),
      finalUrl: lhr.finalDisplayedUrl,
      version: lhr.lighthouseVersion,
    };
  } finally {
    chrome.kill();
  }
}

/** The run's whole report, in BENCH_LHR_DIR when it is set. */
function keepReport(url: string, report: string | string[]): void {
  const dir = process.env.BENCH_LHR_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const page = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root';
  writeFileSync(path.join(dir, `${page}-${Date.now()}.json`), [report].flat().join('\n'));
}

/** Stores a fresh session in the profile Lighthouse is about to use (it keeps localStorage). */
async function signedInProfile(port: number): Promise<void> {
  const session = await signIn();
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const [profile] = cdp.contexts();
  if (!profile) throw new Error('Chromium has no default profile to sign in');
  const page = await profile.newPage();
  await page.goto(`${base}/api/health`);
  await page.evaluate(storeSession, { session, keys: STORAGE });
  await page.close();
  await cdp.close();
}

/** Lighthouse now and then loses a trace (NO_NAVSTART); such a run is simply run again. */
async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`${(error as Error).message}: running it again.`);
    }
  }
}

/** The run with the median performance score, and every run's performance score. */
async function median(url: string, prepare?: (port: number) => Promise<void>) {
  const runs: Scores[] = [];
  for (let i = 0; i < RUNS; i++) {
    runs.push(await withRetries(() => lighthouseRun(url, prepare)));
    console.log(`Lighthouse ${url} run ${i + 1}/${RUNS}: ${JSON.stringify(runs.at(-1)?.categories)}`);
  }
  const sorted = [...runs].sort((a, b) => a.categories.performance - b.categories.performance);
  return { run: sorted[Math.floor((sorted.length - 1) / 2)] as Scores, all: runs };
}

// The signed-in screens measured, each over the large shop's data.
const ALL_SCREENS = [
  '/dashboard',
  '/inventory',
  '/sales-management',
  '/purchasing',
  '/cake-orders',
  '/production',
];
const PAGES = process.env.BENCH_PAGES?.split(',')
  .map((p) => p.trim())
  .filter(Boolean) ?? ['/login', ...ALL_SCREENS];
const unknown = PAGES.filter((p) => p !== '/login' && !ALL_SCREENS.includes(p));
if (unknown.length)
  throw new Error(`BENCH_PAGES names pages the bench does not measure: ${unknown.join(', ')}`);
const SCREENS = ALL_SCREENS.filter((p) => PAGES.includes(p));
const lhLogin = PAGES.includes('/login') ? await median(`${base}/login`) : null;
const lhScreens: [string, Awaited<ReturnType<typeof median>>][] = [];
for (const screen of SCREENS) {
  const result = await median(`${base}${screen}`, signedInProfile);
  if (!new URL(result.run.finalUrl).pathname.startsWith(screen))
    throw new Error(`Lighthouse's ${screen} run ended on ${result.run.finalUrl}: the session was not used.`);
  lhScreens.push([screen, result]);
}

await app.close();
shop.db.$client.close();
rmSync(shop.dir, { recursive: true, force: true });

// --- the record ----------------------------------------------------------------------------
const loginJs = total(firstPaint, 'js');
const checks = [
  {
    target: `/login initial JS < ${TARGET.loginJsKb} kB gzipped`,
    measured: `${kb(loginJs)} kB`,
    met: loginJs < TARGET.loginJsKb * 1000,
  },
  ...[...(lhLogin ? [['/login', lhLogin] as const] : []), ...lhScreens].flatMap(([page, { run }]) => [
    {
      target: `${page} Lighthouse performance ≥ ${TARGET.performance}`,
      measured: String(run.categories.performance),
      met: run.categories.performance >= TARGET.performance,
    },
    {
      target: `${page} Lighthouse accessibility = ${TARGET.accessibility}`,
      measured: String(run.categories.accessibility),
      met: run.categories.accessibility >= TARGET.accessibility,
    },
  ]),
];
const served = [...new Map([...referenced, ...firstPaint].map((a) => [a.url, a])).values()];
const plain = served.filter((a) => !a.servedGzip).length;
const offsite = [...(lhLogin?.all ?? []), ...lhScreens.flatMap(([, r]) => r.all)].flatMap((r) => r.offsite);
const scoreRow = (page: string, { run, all }: Awaited<ReturnType<typeof median>>) =>
  `| ${page} | ${run.categories.performance} (${all.map((r) => r.categories.performance).join(', ')}) | ${
    run.categories.accessibility
  } | ${run.categories['best-practices']} | ${Object.values(run.metrics).join(' | ')} |`;

const section = [
  `## ${new Date().toISOString()} · web · Lighthouse ${(lhLogin ?? lhScreens[0]?.[1])?.run.version}, mobile defaults (simulated slow 4G, 4× CPU) · median of ${RUNS} · large shop (${LARGE.items.toLocaleString('en-PH')} items, ${LARGE.saleLines.toLocaleString('en-PH')} sale lines)${
    process.env.BENCH_PAGES ? ` · only ${PAGES.join(', ')}` : ''
  }`,
  '',
  'What /login loads, in kB gzipped (1 kB = 1000 bytes):',
  '',
  '| | JS | CSS | files |',
  '|---|---:|---:|---:|',
  `| what the HTML of /login names: scripts, modulepreloads, stylesheets | ${kb(total(referenced, 'js'))} | ${kb(
    total(referenced, 'css'),
  )} | ${referenced.length} |`,
  `| loaded until the login form shows (initial) | ${kb(loginJs)} | ${kb(total(firstPaint, 'css'))} | ${
    firstPaint.length
  } |`,
  `| loaded after it, until the network is idle | ${kb(total(later, 'js'))} | ${kb(total(later, 'css'))} | ${
    later.length
  } |`,
  '',
  `Served gzipped by the app: ${served.length - plain} of ${served.length} files${
    plain ? ` (**${plain} sent uncompressed**; sized here as gzipped)` : ''
  }. Chromium took them as ${[...new Set([...login.untilReady].map((s) => s.encoding))].join(', ')}.`,
  `Mantine parts without styles: /login ${loginUnstyled.join(', ') || 'none'}; /dashboard ${
    dashboardUnstyled.join(', ') || 'none'
  }.`,
  `Requests that left the machine during Lighthouse: ${offsite.length ? offsite.join(', ') : 'none'}.`,
  '',
  '| target | measured | |',
  '|---|---:|---|',
  ...checks.map((c) => `| ${c.target} | ${c.measured} | ${c.met ? 'Met' : '**Missed**'} |`),
  '',
  `| page | performance (runs) | accessibility | best practices | ${Object.keys(METRICS).join(' | ')} |`,
  `|---|---:|---:|---:|${Object.keys(METRICS)
    .map(() => '---:')
    .join('|')}|`,
  ...(lhLogin ? [scoreRow('/login', lhLogin)] : []),
  ...lhScreens.map(([page, result]) => scoreRow(`${page} (signed in)`, result)),
  '',
].join('\n');

addToResults(section);
console.log(section);
if (checks.some((c) => !c.met)) process.exitCode = 1;
