import { describe, expect, it } from 'vitest';
import { FairGate, SERVER_BUSY } from '../../server/lib/fairGate';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('FairGate', () => {
  it('runs no more than its concurrency at once', async () => {
    const gate = new FairGate(2, 100);
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 12 }, () =>
        gate.run('a', async () => {
          running++;
          most = Math.max(most, running);
          await tick();
          running--;
        }),
      ),
    );
    expect(most).toBe(2);
  });

  it('serves a second lane next, however long the first lane queue is', async () => {
    const gate = new FairGate(1, 100);
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(name);
      await tick();
    };
    const flood = Array.from({ length: 20 }, (_, i) => gate.run('attacker', job(`a${i}`)));
    const cashier = gate.run('cashier', job('cashier'));
    await Promise.all([...flood, cashier]);
    // a0 was already running; the cashier's turn comes right after it.
    expect(order.indexOf('cashier')).toBe(1);
  });

  it('refuses with 503 when too much is queued', async () => {
    const gate = new FairGate(1, 2);
    const slow = () => tick();
    const accepted = [gate.run('a', slow), gate.run('a', slow), gate.run('a', slow)];
    await expect(gate.run('a', slow)).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: SERVER_BUSY,
    });
    await Promise.all(accepted);
    await expect(gate.run('a', async () => 'ran')).resolves.toBe('ran');
  });
});
