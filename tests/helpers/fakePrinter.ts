import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';

// A network receipt printer for tests: a TCP listener on loopback that keeps every job's
// bytes (one connection is one job, as raw port-9100 printing is). It can be stopped and
// started again on the same port, as a printer is switched off and on.

const ESC = 0x1b;
const GS = 0x1d;
/** ESC @: initialise the printer. */
export const INITIALISE = Buffer.from([ESC, 0x40]);
/** ESC p: the cash drawer's pulse. */
export const DRAWER_PULSE = Buffer.from([ESC, 0x70]);
/** GS V: cut the paper. */
export const CUT = Buffer.from([GS, 0x56]);

export interface FakePrinter {
  port: number;
  /** Every job received so far, in order. */
  jobs: Buffer[];
  /** The next job to arrive after `seen` jobs (by default, the next one not yet taken). */
  nextJob(timeoutMs?: number): Promise<Buffer>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good. */
  close(): Promise<void>;
}

export async function fakePrinter(port = 0): Promise<FakePrinter> {
  const jobs: Buffer[] = [];
  let taken = 0;
  const waiting = new Set<() => void>();
  const sockets = new Set<Socket>();
  let server: Server | null = null;

  const listen = (on: number) =>
    new Promise<number>((resolve, reject) => {
      const s = createServer((socket) => {
        sockets.add(socket);
        const chunks: Buffer[] = [];
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('error', () => undefined);
        socket.on('close', () => sockets.delete(socket));
        socket.on('end', () => {
          jobs.push(Buffer.concat(chunks));
          socket.end();
          for (const wake of waiting) wake();
        });
      });
      s.once('error', reject);
      s.listen(on, '127.0.0.1', () => {
        server = s;
        resolve((s.address() as AddressInfo).port);
      });
    });

  const printer: FakePrinter = {
    port: await listen(port),
    jobs,
    nextJob(timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (jobs.length <= taken) return false;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(jobs[taken++]!);
          return true;
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`the fake printer received no job within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiting.add(check);
      });
    },
    stop() {
      const s = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => (s ? s.close(() => resolve()) : resolve()));
    },
    async start() {
      if (!server) await listen(printer.port);
    },
    close: () => printer.stop(),
  };
  return printer;
}

/** A loopback port nothing listens on: a printer that is off. */
export async function closedPort(): Promise<number> {
  const probe = await fakePrinter();
  await probe.close();
  return probe.port;
}

/** The printable text of a job: ESC/POS bytes read as Latin-1. */
export const textOf = (job: Buffer) => job.toString('latin1');
