// What `npm run bench` measures once rather than under load, beside its scenarios: journal
// verification over a year of sales (app and baseline in turn, each timed end to end over
// loopback), the Z reading taken in preparing the run, and where the drain after an outage is
// measured (`npm run bench:drain`, on a shop of its own).
import { JOURNAL_ONE_SHOT, Z_SCENARIO } from './birSeed';
import { DRAIN_SCENARIO } from './drain';
import type { Server } from './processes';
import { latestSection } from './results';

/** Verifications each, app and baseline taking turns (the first goes first every other time). */
const RUNS = 3;

interface Verification {
  ok: boolean;
  rows: number;
  firstBadSequence: number | null;
}
interface Side {
  ms: number[];
  answers: Verification[];
}
export interface JournalRun {
  app: Side;
  bare: Side;
}

async function verifyOnce(url: string, token?: string) {
  const started = performance.now();
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 200)}`);
  return { ms, answer: JSON.parse(text) as Verification };
}

/** GET /api/journal/verify (admin) and the baseline's chain walk, RUNS times each. */
export async function verifyJournals(app: Server, bare: Server, adminToken: string): Promise<JournalRun> {
  const run: JournalRun = { app: { ms: [], answers: [] }, bare: { ms: [], answers: [] } };
  const once = {
    app: () => verifyOnce(`${app.url}/api/journal/verify`, adminToken),
    bare: () => verifyOnce(`${bare.url}/journal/verify`),
  };
  for (let i = 0; i < RUNS; i++)
    for (const side of i % 2 === 0 ? (['app', 'bare'] as const) : (['bare', 'app'] as const)) {
      const { ms, answer } = await once[side]();
      run[side].ms.push(ms);
      run[side].answers.push(answer);
    }
  console.log(
    `journal verification: app ${run.app.ms.map(Math.round).join(', ')} ms; bare ${run.bare.ms.map(Math.round).join(', ')} ms`,
  );
  return run;
}

const n = (x: number) => Math.round(x).toLocaleString('en-PH');
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number;

function sideRow(label: string, side: Side) {
  const ms = median(side.ms);
  const rows = side.answers[0]?.rows ?? 0;
  const bad = side.answers.find((a) => !a.ok);
  const answer = bad ? `**chain broken at ${bad.firstBadSequence}**` : `ok, ${n(rows)} rows`;
  return `| ${label} | ${n(ms)} | ${n(rows / (ms / 1000))} | ${side.ms.map(n).join(', ')} | ${answer} |`;
}

/** The one-shot part of the run's section, each paragraph ending with ''. */
export function oneShotLines(f: {
  journal?: JournalRun | null;
  zTaken?: { ms: number; sales: number } | null;
  /** Say where the drain is measured (the full run). */
  drain?: boolean;
}) {
  const lines: string[] = [];
  if (f.zTaken)
    lines.push(
      `**The Z reading of a ${n(f.zTaken.sales)}-sale day**: taking it closes the terminal's day (a write, once), so the scenario "${Z_SCENARIO}" measures End of Day's list of it (GET /api/end-of-day for the day it was taken) against the replay of its SQL. Taken while preparing the run, through the app in the bench's own process (POST /api/end-of-day; no baseline), it counted its ${n(f.zTaken.sales)} sales in ${n(f.zTaken.ms)} ms.`,
      '',
    );
  if (f.journal) {
    const { app, bare } = f.journal;
    const share = median(bare.ms) / median(app.ms);
    lines.push(
      `**${JOURNAL_ONE_SHOT[0]?.toUpperCase()}${JOURNAL_ONE_SHOT.slice(1)}** (one-shot): the journal holds a row for each sale of the seeded history's last 365 days, journaled as the app journals a sale (bench/birSeed.ts), then the run's own. \`GET /api/journal/verify\` (admin) walks the whole chain; the baseline recomputes the same hash chain in plain code over plain better-sqlite3 (bench/bareJournal.ts). Each in its own process over loopback, ${RUNS} times each in turn (the median shown). The app verified at ${(share * 100).toFixed(0)}% of the baseline's rate.`,
      '',
      '| journal verification | median ms | rows/s | each run, ms | answer |',
      '|---|---:|---:|---|---|',
      sideRow('app, GET /api/journal/verify', app),
      sideRow('bare baseline', bare),
      '',
    );
  }
  if (f.drain) lines.push(drainLine(), '');
  return lines;
}

/** Where the drain is measured, with its latest run in RESULTS.md if there is one. */
function drainLine() {
  const where = `Draining 500 offline sales after an outage is measured apart, on a shop of its own with its devices' invoice blocks: \`npm run bench:drain\` (bench/drain.ts), not run by \`npm run bench\`.`;
  const section = latestSection(DRAIN_SCENARIO);
  const at = section?.match(/^## (\S+)/)?.[1];
  const figures = (label: string) => {
    const row = section?.split('\n').find((l) => l.startsWith(`| ${label}`));
    const [s, perSecond, , p99] =
      row
        ?.split('|')
        .slice(2, 6)
        .map((c) => c.trim()) ?? [];
    return s ? `${s} s (${perSecond} sales/s, p99 ${p99} ms)` : null;
  };
  const app = figures('app');
  const bare = figures('bare');
  return app && bare
    ? `${where} Its latest run below (${at}): the app drained them in ${app}, the baseline in ${bare}.`
    : `${where} No run of it is recorded below yet.`;
}
