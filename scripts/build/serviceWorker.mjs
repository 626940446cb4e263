// `npm run build`'s last step: client/sw.ts compiled to dist/client/sw.js, holding the list
// of the files Vite wrote and a version made from their contents. Each build whose files
// differ gets a new worker, which browsers install in place of the old one (client/sw.ts).
// Left out: the compressed copies (the server picks them), and shell.html and pages/, which
// are served at the app's paths, not their own (the kept index.html stands in for them).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const OUT = 'dist/client';
const NOT_KEPT = /\.(br|gz|map)$|^(shell\.html|pages\/|sw\.js$|\.)/;

const files = readdirSync(OUT, { recursive: true, encoding: 'utf8' })
  .map((name) => name.split(path.sep).join('/'))
  .filter((name) => !NOT_KEPT.test(name) && statSync(path.join(OUT, name)).isFile())
  .sort();
if (!files.includes('index.html')) throw new Error(`${OUT}/index.html is missing: run vite build first`);

const hash = createHash('sha256');
for (const name of files) hash.update(`${name}\0`).update(readFileSync(path.join(OUT, name)));
const version = hash.digest('hex').slice(0, 16);

await build({
  entryPoints: ['client/sw.ts'],
  outfile: `${OUT}/sw.js`,
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  define: {
    BUILD_FILES: JSON.stringify(files.map((name) => `/${name}`)),
    BUILD_VERSION: JSON.stringify(version),
  },
  logLevel: 'warning',
});
