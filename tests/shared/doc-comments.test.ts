import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// A doc comment describes the declaration right under it: editors show it there. One left
// above a blank line, an import or another doc comment describes nothing, or the wrong thing.

const FOLDERS = ['server', 'client', 'shared', 'scripts', 'bench', 'tests'];

/** The places in `text` where a doc comment is not followed by what it documents. */
function strayDocComments(text: string): number[] {
  const lines = text.split('\n');
  const stray: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]?.trim().startsWith('/**')) continue;
    let end = i;
    while (end < lines.length && !lines[end]?.includes('*/')) end++;
    let next = end + 1;
    // A lint suppression may sit between a doc comment and its declaration.
    while (lines[next]?.trim().startsWith('// biome-ignore')) next++;
    const after = lines[next]?.trim() ?? '';
    if (after === '' || after.startsWith('/**') || after.startsWith('import ')) stray.push(end + 2);
    i = end;
  }
  return stray;
}

describe('doc comments', () => {
  it('finds a doc comment that documents nothing', () => {
    expect(strayDocComments('/** a */\n\nconst a = 1;')).toEqual([2]);
    expect(strayDocComments('/** a */\n/** b */\nconst b = 1;')).toEqual([2]);
    expect(strayDocComments('/**\n * a\n */\n// biome-ignore x: y\nconst a = 1;')).toEqual([]);
  });

  it('sit right above what they document', () => {
    const files = execFileSync('git', ['ls-files', ...FOLDERS], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => /\.(ts|tsx|mjs)$/.test(f));
    const found = files.flatMap((file) =>
      strayDocComments(readFileSync(file, 'utf8')).map((line) => `${file}:${line}`),
    );
    expect(found).toEqual([]);
  });
});
