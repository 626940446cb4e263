// The RESULTS.md section of `npm run bench`: the scenarios beside their baselines, the
// bench's targets (met, or the gap named), and how the figures grow with the items.
import type { AttackResult } from './attack';
import type { ShopSize } from './bigShop';
import type { Floor } from './floor';
import type { History } from './history';
import type { Scenario } from './scenarios';
import { checkoutFloorLine, ratio, sameRunTargetRows, TARGETS, targetRow, togetherLine } from './targets';

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  peakMb: number;
}
export interface Measured {
  scenario: Scenario;
  app: Figures;
  bare: Figures;
}

/** Plain checkout and checkout over lots on the app, in alternating windows: req/s of each window. */
export interface Alternated {
  seconds: number;
  plain: number[];
  lots: number[];
  /** Errors, timeouts and non-2xx answers over all the windows. */
  errors: number;
}

export interface RunFigures {
  alternated?: Alternated | null;
  seconds: number;
  size: ShopSize;
  history: History | null;
  seedSeconds: number;
  dbMb: number;
  firstStartMs: number;
  restartMs: number;
  snapshotSeconds: number | null;
  startupPeakMb: number;
  rows: Measured[];
  attacks: AttackResult[];
  naive: Record<'search' | 'dashboard' | 'summary', Omit<Figures, 'peakMb'>>;
  problems: string[];
  floor: Floor;
  /** The one-shot measurements (bench/oneShots.ts) and the drain's line, each ending with ''. */
  oneShots: string[];
  /** BENCH_NOTE: what the run was for, written under its heading. */
  note?: string;
}

const n = (x: number) => x.toLocaleString('en-PH');
const mb = (x: number) => x.toFixed(0);

function table(rows: Measured[]) {
  return [
    '| scenario | conn. | app req/s | p50 ms | p99 ms | peak RSS MB | bare req/s | p50 ms | p99 ms | peak RSS MB | app ÷ bare req/s | errors app / bare |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      ({ scenario: s, app: a, bare: b }) =>
        `| ${s.name}${s.extra ? ` (${s.extra})` : ''} | ${s.connections} | ${a.rps} | ${a.p50} | ${a.p99} | ${mb(a.peakMb)} | ${b.rps} | ${b.p50} | ${b.p99} | ${mb(b.peakMb)} | ${ratio(a.rps, b.rps)} | ${a.errors} / ${b.errors} |`,
    ),
  ];
}

export function mainSection(f: RunFigures): string {
  const by = (name: string) => {
    const row = f.rows.find((r) => r.scenario.name === name);
    if (!row) throw new Error(`no scenario ${name}`);
    return row;
  };
  const search = by('inventory search');
  const dashboard = by('dashboard');
  const summary = by('sales report summary, 30 days');
  const peak = Math.max(f.startupPeakMb, ...f.rows.map((r) => r.app.peakMb));
  const attackOk = f.attacks.every((a) => a.max < TARGETS.signInUnderAttackMs && a.failed === 0);
  const h = f.history;
  const lines = [
    `## ${new Date().toISOString()} · large shop · ${f.seconds}s per scenario · app and baseline each in its own process · loopback`,
    '',
    ...(f.note ? [`_${f.note}_`, ''] : []),
    `Shop: ${n(f.size.items)} items, ${n(f.size.cakes)} cakes, ${n(f.size.customers)} customers${h ? `, ${n(h.sales)} sales (${n(h.refunded)} refunded) holding ${n(h.lines)} lines over two years` : ''}; seeded in ${f.seedSeconds.toFixed(0)} s. Database ${mb(f.dbMb)} MB.`,
    `Startup (spawn to the first answer of /api/health; the built server run by node, as \`npm start\` runs it): ${n(Math.round(f.firstStartMs))} ms the first time, ${n(Math.round(f.restartMs))} ms on a restart. The first start of the day also takes the daily snapshot in the background: ${f.snapshotSeconds === null ? 'it did not finish in 10 minutes' : `${f.snapshotSeconds.toFixed(1)} s`}; the scenarios start after it.`,
    '',
    'Bare baseline: a plain Fastify route on plain better-sqlite3 in a process of its own. For reads it replays the exact statements (with their arguments) the app ran for the same request, recorded in this run (bench/capture.ts); for the writes (sign-in, checkout, refund, receiving, a production batch, taking and picking up a cake order) it does the same writes by hand (bench/bare.ts). No auth, validation, tRPC, zod or drizzle.',
    '',
    ...table(f.rows),
    '',
    '| target | measured | |',
    '|---|---:|---|',
    ...sameRunTargetRows(f.rows, f.alternated),
    targetRow(
      `inventory search p99 < ${TARGETS.searchP99} ms at ${n(f.size.items)} items`,
      `${search.app.p99} ms`,
      search.app.p99 < TARGETS.searchP99 && search.app.errors === 0,
    ),
    targetRow(
      `dashboard p99 < ${TARGETS.dashboardP99} ms`,
      `${dashboard.app.p99} ms`,
      dashboard.app.p99 < TARGETS.dashboardP99 && dashboard.app.errors === 0,
    ),
    targetRow(
      `30-day report summary p99 < ${TARGETS.summaryP99} ms`,
      `${summary.app.p99} ms`,
      summary.app.p99 < TARGETS.summaryP99 && summary.app.errors === 0,
    ),
    targetRow(
      `server peak RSS < ${TARGETS.rssMb} MB`,
      `${mb(peak)} MB (at startup ${mb(f.startupPeakMb)} MB)`,
      peak < TARGETS.rssMb,
    ),
    targetRow(
      `sign-in under attack: every sign-in < ${TARGETS.signInUnderAttackMs} ms (issue 5)`,
      `${Math.max(...f.attacks.map((a) => a.max))} ms`,
      attackOk,
    ),
    targetRow(
      'search ≥ 10× the naive LIKE + COUNT(*) (issue 7)',
      `${(search.app.rps / Math.max(1, f.naive.search.rps)).toFixed(1)}×`,
      search.app.rps >= 10 * f.naive.search.rps,
    ),
    '',
    ...f.oneShots,
    checkoutFloorLine(f.floor, by('checkout (plain)')),
    ...(f.floor.together ? ['', togetherLine(f.floor.together, by('checkout (plain)'))] : []),
    '',
    `Naive baselines (no search index, no roll-ups; 5 s, 16 connections): search ${f.naive.search.rps} req/s (p99 ${f.naive.search.p99} ms), dashboard counts ${f.naive.dashboard.rps} req/s (p99 ${f.naive.dashboard.p99} ms), 30-day summary from sales + lines ${f.naive.summary.rps} req/s (p99 ${f.naive.summary.p99} ms).`,
    '',
    '| sign-in while | p50 ms | p99 ms | max ms | failed | attacker answers |',
    '|---|---:|---:|---:|---:|---|',
    ...f.attacks.map(
      (a) =>
        `| ${a.label} | ${a.p50} | ${a.p99} | ${a.max} | ${a.failed} | ${
          Object.entries(a.attack)
            .map(([status, count]) => `${count}× ${status}`)
            .join(', ') || '—'
        } |`,
    ),
    '',
    f.problems.length === 0
      ? 'Check: the 30-day summary equals the naive one computed from the sales and lines, and the all-time roll-ups equal the sales and lines.'
      : `**WARNING: the roll-ups disagree with the sales:** ${f.problems.join('; ')}.`,
    '',
  ];
  return lines.join('\n');
}

interface Size {
  items: number;
  dbMb: number;
  restartMs: number;
  rows: Measured[];
}

/** The item scenarios at both sizes: ten times the items should cost far less than ten times the time. */
export function growthSection({ small, large }: { small: Size; large: Size }): string {
  const rows = small.rows.map((s) => {
    const l = large.rows.find((r) => r.scenario.name === s.scenario.name) as Measured;
    return `| ${s.scenario.name} | ${s.app.rps} | ${s.app.p50} | ${s.app.p99} | ${l.app.rps} | ${l.app.p50} | ${l.app.p99} | ${(l.app.p50 / Math.max(1, s.app.p50)).toFixed(1)}× |`;
  });
  return [
    `### Growth: ${n(small.items)} → ${n(large.items)} items (${(large.items / small.items).toFixed(0)}× the data)`,
    '',
    `| scenario | req/s at ${n(small.items)} | p50 | p99 | req/s at ${n(large.items)} | p50 | p99 | p50 growth |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    `| restart (ms to /api/health) | | ${n(Math.round(small.restartMs))} | | | ${n(Math.round(large.restartMs))} | | ${(large.restartMs / small.restartMs).toFixed(1)}× |`,
    `| database MB | | ${mb(small.dbMb)} | | | ${mb(large.dbMb)} | | ${(large.dbMb / small.dbMb).toFixed(1)}× (the large one also holds two years of sales) |`,
    '',
  ].join('\n');
}

/**
 * A run of only some scenarios (BENCH_ONLY, bench/run.ts): the shop, the table and the
 * targets that compare rows of the same run.
 */
export function onlySection(f: {
  /** The scenarios and one-shot measurements asked for. */
  only: string[];
  seconds: number;
  size: ShopSize;
  history: History | null;
  seedSeconds: number;
  rows: Measured[];
  alternated?: Alternated | null;
  note?: string;
  oneShots?: string[];
}): string {
  const h = f.history;
  const targets = sameRunTargetRows(f.rows, f.alternated);
  return [
    `## ${new Date().toISOString()} · large shop, only ${f.only.join('; ')} · ${f.seconds}s per scenario · app and baseline each in its own process · loopback`,
    '',
    ...(f.note ? [`_${f.note}_`, ''] : []),
    `Shop: ${n(f.size.items)} items, ${n(f.size.cakes)} cakes, ${n(f.size.customers)} customers${h ? `, ${n(h.sales)} sales (${n(h.refunded)} refunded) holding ${n(h.lines)} lines over two years` : ''}; seeded in ${f.seedSeconds.toFixed(0)} s.`,
    '',
    ...table(f.rows),
    '',
    ...(targets.length > 0 ? ['| target | measured | |', '|---|---:|---|', ...targets, ''] : []),
    ...(f.oneShots ?? []),
  ].join('\n');
}
