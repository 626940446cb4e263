/**
 * The server's log, written to stdout once per turn of the event loop instead of once per
 * line. Pino wrote every request's line with its own system call, about a tenth of a short
 * read's time under load (docs/decisions.md, Where a read's time goes). A SIGKILL loses at
 * most the lines of the turn it lands in; a normal exit writes them first.
 */
export function batchedLog(out: { write(text: string): unknown } = process.stdout) {
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    const text = pending;
    pending = '';
    out.write(text);
  };
  process.once('exit', flush);
  return {
    write(line: string) {
      if (pending === '') setImmediate(flush);
      pending += line;
    },
    flush,
  };
}
