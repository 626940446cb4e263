import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The project's folder (the one holding package.json), found from wherever this code runs:
 * server/ under tsx (tests, `npm run dev`), dist/server/ when built (`npm start`). The
 * migrations and the built client are found from it, never from the working directory.
 */
export const PROJECT_ROOT = (() => {
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${import.meta.dirname}`);
  }
})();
