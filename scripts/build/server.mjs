// `npm run build`'s second half: the server compiled to dist/server/main.js, so `npm start`
// runs plain node. Under tsx the server started slower and held about 57 MB more memory
// (tsx's loader and its transform cache), measured by `npm run bench`. Packages stay in
// node_modules (native ones must); only the project's own code is bundled, and
// @trpc/server with its object-spread helper swapped (scripts/build/objectSpread.mjs). The migrations
// (drizzle/) and the SQL files (server/db/sql/) are read at run time from the project's
// folder (server/lib/projectRoot.ts), so they are not bundled.
import { build } from 'esbuild';
import { fastTrpcSpread } from './objectSpread.mjs';

await build({
  // The restore runs in a worker thread of its own (server/domains/backup/restore/offThread.ts).
  entryPoints: {
    main: 'server/main.ts',
    restoreWorker: 'server/domains/backup/restore/worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [fastTrpcSpread],
  sourcemap: 'linked',
  logLevel: 'warning',
});
