import { afterAll, describe, expect, it } from 'vitest';
import { killLiveServers, soak } from '../../bench/soakRounds';

// The crash soak in its short form: 10 rounds of load against the real server (a child
// process): checkouts and refunds from counter tills on two terminals, and beside them
// deliveries received against purchase orders, production batches, cake orders taken with a
// deposit and picked up, and offline devices sending their queues of sales numbered from
// invoice blocks. Each round ends by SIGKILL at a random moment, then a restart on the same
// data, the tills settling what got no answer, and bench/soakCheck.ts's checks (lots and
// ledger, invoice numbers and blocks, the journal, every acknowledged write whole, nothing
// half-written). `npm run soak` runs the full 100 rounds.
// A failure prints its seed; SOAK_SEED=<seed> replays its kill moments and carts.

afterAll(() => killLiveServers());

describe('crash soak: SIGKILL during checkouts, deliveries, batches, pickups and offline queues', () => {
  it('loses no acknowledged write, leaves nothing half-written, keeps lots, numbers and the journal sound', async () => {
    const lines: string[] = [];
    const seed = process.env.SOAK_SEED ? Number(process.env.SOAK_SEED) : undefined;
    const summary = await soak({ rounds: 10, seed, killWindowMs: [50, 400], log: (l) => lines.push(l) });
    const { perRound, failures, ...totals } = summary;
    const story = `seed ${summary.seed}\n${lines.join('\n')}\n${JSON.stringify(totals)}`;

    expect(failures, story).toEqual([]);
    expect(summary.rounds).toBe(10);
    // Not vacuous: every round sold something before it was killed, and kills landed mid-request.
    for (const round of perRound) expect(round.acknowledged, story).toBeGreaterThan(0);
    expect(summary.killedInFlight, story).toBeGreaterThan(0);
    expect(summary.refunds, story).toBeGreaterThan(0);
    expect(summary.found).toBe(summary.acknowledged);
    // Each new kind of write was acknowledged at least once over the run (and then checked).
    expect(summary.receipts, story).toBeGreaterThan(0);
    expect(summary.batches, story).toBeGreaterThan(0);
    expect(summary.orders, story).toBeGreaterThan(0);
    expect(summary.pickups, story).toBeGreaterThan(0);
    expect(summary.offline, story).toBeGreaterThan(0);
    expect(summary.offlineResent, story).toBeGreaterThan(0);
  }, 150_000);
});
