// bench/RESULTS.md keeps every run of `npm run bench` and `npm run bench:web`, newest
// first, each a section starting with '## ' under the one title.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const FILE = path.resolve(import.meta.dirname, 'RESULTS.md');
const TITLE =
  '# Bench results\n\nEach run of `npm run bench` (the server) and `npm run bench:web` (the first pages), newest first.\n\n';

/** Puts `section` (starting with '## ') first under the title, keeping the earlier runs. */
export function addToResults(section: string): void {
  const earlier = existsSync(FILE)
    ? readFileSync(FILE, 'utf8').replace(/^# Bench results\n+(Each run[^\n]*\n+)?/, '')
    : '';
  writeFileSync(FILE, `${TITLE}${section}\n${earlier.replace(/^(?!## )/, '## ')}`);
}

/** The newest section whose heading holds `heading`, or null. */
export function latestSection(heading: string): string | null {
  if (!existsSync(FILE)) return null;
  const sections = readFileSync(FILE, 'utf8').split(/^## /m).slice(1);
  const found = sections.find((s) => s.slice(0, s.indexOf('\n')).includes(heading));
  return found === undefined ? null : `## ${found}`;
}
