// `npm run build`'s second half: the server compiled to dist/server/main.js, so `npm start`
// runs plain node. Under tsx the server started slower and held about 57 MB more memory
// (tsx's loader and its transform cache), measured by `npm run bench`. Packages stay in
// node_modules (native ones must); only the project's own code is bundled.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
