import autocannon from 'autocannon';

/** One scenario's figures, as every bench table shows them. */
export interface Row {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Drives `url` with autocannon (10 connections unless told) and keeps the figures the tables show. */
export async function measure(
  scenario: string,
  url: string,
  opts: Partial<autocannon.Options>,
): Promise<Row> {
  const result = await autocannon({ url, connections: 10, ...opts });
  return {
    scenario,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** A RESULTS.md section: the scenarios' figures, then each target beside what was measured. */
export function resultSection(
  title: string,
  rows: Row[],
  targets: [target: string, measured: string, met: boolean][],
) {
  return [
    `### ${title}`,
    '',
    '| scenario | req/s | p50 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.scenario} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`),
    '',
    '| target | measured | |',
    '|---|---:|---|',
    ...targets.map(([target, measured, met]) => `| ${target} | ${measured} | ${met ? 'Met' : 'Not met'} |`),
    '',
  ].join('\n');
}
