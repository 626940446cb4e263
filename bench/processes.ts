// The app and the bare baseline each run in a process of their own, so the load generator
// (this process) does not share their thread and each one's memory can be read from /proc.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import { BENCH_ADMIN } from './bigShop';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface Server {
  url: string;
  pid: number;
  /** Milliseconds from spawning the process to its first answer of /health. */
  startupMs: number;
  /** Sets the peak resident memory back to what is resident now (Linux: clear_refs 5). */
  resetPeak(): void;
  /** Peak resident memory since the last reset, in MB (VmHWM). */
  peakMb(): number;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function answered(url: string, child: ChildProcess, started: number, timeoutMs = 180_000) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode} before answering`);
    try {
      if ((await fetch(url)).ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const status = (pid: number, field: string) => {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`));
  return Number(match?.[1] ?? 0) / 1024;
};

async function start(args: string[], env: Record<string, string>, health: string): Promise<Server> {
  const port = await freePort();
  const started = performance.now();
  // node itself (not a wrapper such as tsx's) so the pid is the server's.
  // BENCH_CPU_PROF=dir: each server writes a V8 CPU profile there when it stops (--cpu-prof).
  const profile = process.env.BENCH_CPU_PROF
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`,
        `--cpu-prof-name=${path.basename(args.at(-1) ?? 'server')}-${Date.now()}.cpuprofile`,
      ]
    : [];
  const child = spawn(process.execPath, [...profile, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // A server that dies mid-run (LOG_LEVEL silent) otherwise shows only as refused connections.
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`${args.at(-1)} on ${url} exited (${code ?? signal}) before the bench stopped it`);
  });
  const startupMs = await answered(`${url}${health}`, child, started);
  const pid = child.pid as number;
  return {
    url,
    pid,
    startupMs,
    resetPeak: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    peakMb: () => status(pid, 'VmHWM'),
    stop: () =>
      new Promise((resolve) => {
        stopping = true;
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const APP = 'dist/server/main.js';

/** The node flags `npm start` gives the server, read from package.json so the bench runs it alike. */
function startFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const flags = /\bnode ((?:--\S+ )*)dist\/server\/main\.js/.exec(scripts.start ?? '')?.[1];
  if (flags === undefined) throw new Error(`package.json's start script does not run node … ${APP}`);
  return flags.split(' ').filter(Boolean);
}

/** The real server, built and started as `npm start` does, over the shop in `dataDir`. */
export function startApp(dataDir: string): Promise<Server> {
  if (!existsSync(path.join(ROOT, APP)))
    throw new Error(
      `No ${APP}: run \`npm run build\` first (the bench runs the server as \`npm start\` does).`,
    );
  return start(
    [...startFlags(), APP],
    {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      LOG_LEVEL: 'silent',
    },
    '/api/health',
  );
}

/** The bare baseline (bench/bare.ts) over the database file `dbFile`, replaying `capturesFile`. */
export async function startBare(dbFile: string, capturesFile: string): Promise<Server> {
  // Compiled like the app (plain node, no tsx loader), so their memory and speed compare.
  const outfile = path.join(ROOT, 'dist/bench/bare.js');
  await build({
    entryPoints: [path.join(ROOT, 'bench/bare.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return start([outfile], { BENCH_DB: dbFile, BENCH_CAPTURES: capturesFile }, '/health');
}
