import { fail } from './errors';

/** Answered when so much work is queued that a caller would wait too long anyway. */
export const SERVER_BUSY = 'The server is busy. Please try again in a moment.';

/**
 * Runs expensive work (argon2, a large answer) at most `concurrency` at a time, taking
 * turns between lanes (one lane per client address). A burst from one address queues behind
 * itself, while a cashier at another counter gets the next free slot.
 */
export class FairGate {
  private running = 0;
  private queued = 0;
  private served = 0;
  private readonly lanes = new Map<string, Array<() => void>>();
  /** When each lane last got a slot: the waiting lane served longest ago goes next. */
  private readonly lastServed = new Map<string, number>();

  constructor(
    private readonly concurrency: number,
    private readonly maxQueued: number,
  ) {}

  async run<T>(lane: string, task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.queued >= this.maxQueued) throw fail.unavailable(SERVER_BUSY);
      await new Promise<void>((start) => this.enqueue(lane, start));
    } else {
      this.running++;
      this.markServed(lane);
    }
    try {
      return await task();
    } finally {
      this.startNext();
    }
  }

  private enqueue(lane: string, start: () => void) {
    this.queued++;
    const waiting = this.lanes.get(lane);
    if (waiting) waiting.push(start);
    else this.lanes.set(lane, [start]);
  }

  private markServed(lane: string) {
    this.lastServed.delete(lane);
    this.lastServed.set(lane, this.served++);
    // Forget lanes that wait for nothing once the map grows: they start afresh, which is fair.
    if (this.lastServed.size > 1000) {
      for (const known of this.lastServed.keys()) if (!this.lanes.has(known)) this.lastServed.delete(known);
    }
  }

  /** The freed slot passes to the waiting lane that was served longest ago (never served: first). */
  private startNext() {
    let next: string | undefined;
    let oldest = Number.POSITIVE_INFINITY;
    for (const lane of this.lanes.keys()) {
      const at = this.lastServed.get(lane) ?? -1;
      if (at < oldest) {
        oldest = at;
        next = lane;
      }
    }
    if (next === undefined) {
      this.running--;
      return;
    }
    const waiting = this.lanes.get(next) as Array<() => void>;
    const start = waiting.shift() as () => void;
    if (waiting.length === 0) this.lanes.delete(next);
    this.queued--;
    this.markServed(next);
    start();
  }
}
