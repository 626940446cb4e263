// The soak's server (bench/soakRounds.ts): `node --import tsx server/main.ts` as a child
// process on a temp DATA_DIR and a free loopback port, and a small HTTP client for it in
// which an answer is a status with its whole body, and anything less is no answer.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const ROOT = path.resolve(import.meta.dirname, '..');
export const SOAK_ADMIN = { email: 'admin@soak.test', password: 'soak-password-1' };
const REQUEST_TIMEOUT_MS = 20_000;

// ---- The server as a child process. ----

/** Children still running, killed if this process exits before it stops them. */
const live = new Set<ChildProcess>();
let exitHookSet = false;
export function killLiveServers(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

export class ShopServer {
  child?: ChildProcess;
  url = '';
  /** The server's last output lines, for a failure report. */
  tail: string[] = [];

  /** `port`: always this one (a browser test keeps its origin across restarts); else a free one each start. */
  constructor(
    private readonly dataDir: string,
    private readonly port?: number,
  ) {}

  /** Starts `node --import tsx server/main.ts` (node itself, so SIGKILL reaches the server, not a wrapper). */
  async start(): Promise<void> {
    if (!exitHookSet) {
      process.once('exit', killLiveServers);
      exitHookSet = true;
    }
    for (let attempt = 1; ; attempt++) {
      const port = this.port ?? (await freePort());
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_OPTIONS: '',
          DATA_DIR: this.dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          ADMIN_EMAIL: SOAK_ADMIN.email,
          ADMIN_PASSWORD: SOAK_ADMIN.password,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      live.add(child);
      child.once('exit', () => live.delete(child));
      const keep = (chunk: Buffer) => {
        this.tail.push(...chunk.toString().split('\n').filter(Boolean));
        this.tail.splice(0, Math.max(0, this.tail.length - 40));
      };
      child.stdout!.on('data', keep);
      child.stderr!.on('data', keep);
      this.child = child;
      this.url = `http://127.0.0.1:${port}`;
      if (await this.ready()) return;
      await this.kill();
      // Another program may have taken the port between the probe and the listen.
      if (attempt === 3) throw new Error(`the server did not start:\n${this.tail.join('\n')}`);
    }
  }

  private async ready(): Promise<boolean> {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (!this.running) return false;
      try {
        const res = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) return true;
      } catch {
        // not listening yet
      }
      await sleep(40);
    }
    return false;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** SIGKILL, then wait until the process is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    if (child.exitCode === null && child.signalCode === null) {
      const gone = once(child, 'exit');
      child.kill('SIGKILL');
      await gone;
    }
    this.child = undefined;
  }

  /** SIGTERM: the server's own shutdown (closes the database cleanly). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    if (child.exitCode === null && child.signalCode === null) {
      const gone = once(child, 'exit');
      child.kill('SIGTERM');
      const late = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(late);
    }
    this.child = undefined;
  }
}

// ---- HTTP: an answer is the whole body; anything less is no answer. ----

/** `status` 0: no answer (the connection broke or timed out), and `error` says how. */
export type Answer = { status: number; body: Record<string, unknown>; error?: string };

export async function call(
  url: string,
  method: string,
  route: string,
  token?: string,
  body?: unknown,
): Promise<Answer> {
  try {
    const res = await fetch(`${url}${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : {} };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    return {
      status: 0,
      body: {},
      error: `${(err as Error).name}: ${(err as Error).message}${cause ? ` (${cause})` : ''}`,
    };
  }
}
