import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The code explains itself or points into docs/ of this repository: a reference to a
// document the repository does not have (the team's spec and product rules, its
// architecture notes) or to an issue number goes stale the day it is written. The
// shop's rules are in docs/rules.md.

const ROOT = join(__dirname, '..', '..');
const FOLDERS = ['server', 'client', 'shared', 'tests'];
const SKIP_DIRS = new Set(['node_modules', 'dist']);
const EXTENSIONS = /\.(ts|tsx|mjs|js|css|html|sql)$/;
const SELF = relative(ROOT, __filename);

/** Anywhere on a line, code or comment. */
const ANYWHERE: readonly [string, RegExp][] = [
  ['SPEC.md', /\bSPEC\.md\b/],
  ['PRODUCT.md', /\bPRODUCT\.md\b/],
  ['ARCHITECTURE.md', /\bARCHITECTURE\.md\b/],
  ['the spec by name', /\bSPEC\b/],
  ['a section sign', /§/],
  ['an issue number', /\bissues?\s+#?\d+/i],
];

/** Only in a comment: "#12" elsewhere may be a colour or a shift's number in a message. */
const IN_COMMENTS: readonly [string, RegExp][] = [['an issue number', /(^|[\s(])#\d+\b/]];

/** The comment part of a line, roughly: after `//`, or the whole line of a block comment. */
function commentOf(line: string): string {
  const trimmed = line.trimStart();
  if (trimmed.startsWith('*') || trimmed.startsWith('/*') || trimmed.startsWith('--')) return trimmed;
  const at = line.search(/(^|[^:])\/\//);
  return at < 0 ? '' : line.slice(at);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) ? [] : sourceFiles(path);
    return EXTENSIONS.test(entry.name) ? [path] : [];
  });
}

/** Every `file:line (what): text` that cites something outside the repository. */
function outsideReferences(root: string = ROOT): string[] {
  const found: string[] = [];
  for (const folder of FOLDERS) {
    for (const path of sourceFiles(join(root, folder))) {
      const file = relative(root, path);
      if (file === SELF) continue;
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const hit =
            ANYWHERE.find(([, pattern]) => pattern.test(line)) ??
            IN_COMMENTS.find(([, pattern]) => pattern.test(commentOf(line)));
          if (hit) found.push(`${file}:${i + 1} (${hit[0]}): ${line.trim()}`);
        });
    }
  }
  return found;
}

describe('the code is self-contained', () => {
  it('cites no document outside the repository and no issue number', () => {
    expect(outsideReferences()).toEqual([]);
  });
});
