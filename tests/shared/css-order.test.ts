import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Mantine's styles come one file per component; the order the bundle meets them decides the
// cascade. Combobox's dropdown padding overrides Popover's, so every file importing both
// imports Popover's first: whichever screen the bundler meets first, the order holds.

const ROOT = path.resolve(import.meta.dirname, '../../client');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(path.join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [path.join(dir, entry.name)]
        : [],
  );

describe('Mantine style imports', () => {
  it('put Popover before Combobox in every file that imports both', () => {
    const wrong = files(ROOT).filter((file) => {
      const text = readFileSync(file, 'utf8');
      const popover = text.indexOf("'@mantine/core/styles/Popover.css'");
      const combobox = text.indexOf("'@mantine/core/styles/Combobox.css'");
      return popover >= 0 && combobox >= 0 && combobox < popover;
    });
    expect(wrong.map((file) => path.relative(ROOT, file))).toEqual([]);
  });
});
