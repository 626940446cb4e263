// `npm run soak`: the crash soak, 100 rounds (bench/soakRounds.ts says how it works).
//   SOAK_ROUNDS=20 npm run soak        fewer (or more) rounds
//   SOAK_SEED=123456 npm run soak      replay a run's kill moments and carts (the seed is printed)
//   SOAK_TILLS=16 npm run soak         counter tills sending at once (default 12, at most 30), besides
//                                      the receiving, production and cake-order tills and two offline devices
// Exits 1 on any failure and keeps the data folder of a failed run for a look.
import { killLiveServers, soak } from './soakRounds';

function whole(name: string, fallback?: number): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) {
    console.error(`${name} must be a whole number, not "${raw}".`);
    process.exit(2);
  }
  return n;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    killLiveServers();
    process.exit(130);
  });

const rounds = whole('SOAK_ROUNDS', 100)!;
const summary = await soak({
  rounds,
  seed: whole('SOAK_SEED'),
  tills: whole('SOAK_TILLS'),
  keepDataOnFailure: true,
  log: (line) => console.log(line),
});

const minutes = (summary.ms / 60_000).toFixed(1);
const during = Object.entries(summary.killedDuring)
  .filter(([, n]) => n > 0)
  .map(([kind, n]) => `${kind} ${n}`)
  .join(', ');
console.log(
  [
    '',
    `Soak: ${summary.rounds} rounds in ${minutes} min (seed ${summary.seed}; replay with SOAK_SEED=${summary.seed})`,
    `  killed with requests in flight: ${summary.killedInFlight} of ${summary.rounds} rounds; rounds killed during each kind: ${during || 'none'}`,
    `  sales acknowledged: ${summary.acknowledged} (${summary.offline} sent from offline queues), found after the last restart: ${summary.found}`,
    `  in the database though unacknowledged at the kill: ${summary.unacknowledgedButPresent} (retried checkouts answered "already made": ${summary.retriedRepeated})`,
    `  refunds acknowledged: ${summary.refunds}`,
    `  deliveries received: ${summary.receipts}, batches baked: ${summary.batches}, cake orders taken: ${summary.orders}, picked up: ${summary.pickups}`,
    `  acknowledged offline sales sent again after a restart, nothing written: ${summary.offlineResent}`,
    summary.failures.length === 0
      ? '  no failures: every acknowledged sale, delivery, batch and pickup survived whole, lots and ledger agree, numbers gapless outside the blocks and each used once, journal verified, integrity_check ok'
      : `  ${summary.failures.length} FAILURES:\n${summary.failures.map((f) => `    ${f}`).join('\n')}`,
    summary.dataDir ? `  data kept in ${summary.dataDir}` : '',
  ]
    .filter(Boolean)
    .join('\n'),
);
process.exit(summary.failures.length === 0 ? 0 : 1);
