import { availableParallelism } from 'node:os';
import { fail } from '../../errors';

/** Answered when so much work is queued that a caller would wait too long anyway. */
export const SERVER_BUSY = 'The server is busy. Please try again in a moment.';

/**
 * Runs expensive work (argon2) at most `concurrency` at a time, taking turns between
 * lanes (one lane per client address). A burst from one address queues behind
 * itself, while a cashier at another till gets the next free slot.
 */
export class FairGate {
  private running = 0;
  private queued = 0;
  private readonly lanes = new Map<string, Array<() => void>>();

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

  /** The slot passes to the lane that has waited longest for its turn (Map keeps insertion order). */
  private startNext() {
    const next = this.lanes.entries().next();
    if (next.done) {
      this.running--;
      return;
    }
    const [lane, waiting] = next.value;
    const start = waiting.shift() as () => void;
    this.lanes.delete(lane);
    // The lane goes to the back of the line if it still has work.
    if (waiting.length > 0) this.lanes.set(lane, waiting);
    this.queued--;
    start();
  }

  get stats() {
    return { running: this.running, queued: this.queued };
  }
}

/** One gate for every password hash and check in the process. */
export const passwordGate = new FairGate(Math.max(1, availableParallelism()), 1000);
