import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { batchedLog } from '../../server/lib/logLines';

// The server's log is written once per turn of the event loop (server/lib/logLines.ts):
// one system call for all the requests answered in that turn, not one per line.

describe('the batched log', () => {
  it("writes a turn's lines in one write, in order, after the turn", async () => {
    const writes: string[] = [];
    const log = batchedLog({ write: (text) => writes.push(text) });
    log.write('{"msg":"one"}\n');
    log.write('{"msg":"two"}\n');
    log.write('{"msg":"three"}\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['{"msg":"one"}\n{"msg":"two"}\n{"msg":"three"}\n']);
    log.write('{"msg":"four"}\n');
    await nextTurn();
    expect(writes).toEqual(['{"msg":"one"}\n{"msg":"two"}\n{"msg":"three"}\n', '{"msg":"four"}\n']);
  });

  it('writes what is pending when flushed, as on exit, and nothing twice', async () => {
    const writes: string[] = [];
    const log = batchedLog({ write: (text) => writes.push(text) });
    log.write('last words\n');
    log.flush();
    expect(writes).toEqual(['last words\n']);
    await nextTurn();
    log.flush();
    expect(writes).toEqual(['last words\n']);
  });
});
