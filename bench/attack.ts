// Sign-in under attack: a cashier's sign-in latency while another address fires
// wrong passwords in parallel (issue: sign-in hardening). The target is under 1 s.
import { request } from 'node:http';

interface Answer {
  status: number;
  ms: number;
}

/** One POST of JSON from a chosen loopback address (127.0.0.x), so the server sees two clients. */
function postFrom(baseUrl: string, localAddress: string, path: string, body: unknown): Promise<Answer> {
  const url = new URL(path, baseUrl);
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export interface AttackResult {
  label: string;
  samples: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
  attack: Record<number, number>;
}

/**
 * `legitimate` sign-ins one after another from 127.0.0.1, while (if `attackers` > 0)
 * `attackFrom` keeps `attackers` wrong-password sign-ins in flight for many emails.
 */
export async function signInUnderAttack(
  baseUrl: string,
  account: { email: string; password: string },
  {
    label,
    attackers,
    legitimate,
    attackFrom = '127.0.0.2',
  }: { label: string; attackers: number; legitimate: number; attackFrom?: string },
): Promise<AttackResult> {
  const attack: Record<number, number> = {};
  let stop = false;
  let n = 0;
  const attacker = async () => {
    while (!stop) {
      const a = await postFrom(baseUrl, attackFrom, '/api/auth/login', {
        email: `guess${n++}@bench.test`,
        password: 'wrong-guess-123',
      });
      attack[a.status] = (attack[a.status] ?? 0) + 1;
    }
  };
  const flood = Array.from({ length: attackers }, attacker);
  // Let the first wave land before the cashier arrives.
  if (attackers > 0) await new Promise((r) => setTimeout(r, 50));
  const times: number[] = [];
  let failed = 0;
  for (let i = 0; i < legitimate; i++) {
    const answer = await postFrom(baseUrl, '127.0.0.1', '/api/auth/login', account);
    if (answer.status !== 200) failed++;
    times.push(answer.ms);
  }
  stop = true;
  await Promise.all(flood);
  times.sort((a, b) => a - b);
  return {
    label,
    samples: times.length,
    p50: Math.round(percentile(times, 50)),
    p99: Math.round(percentile(times, 99)),
    max: Math.round(times.at(-1) ?? 0),
    failed,
    attack,
  };
}
