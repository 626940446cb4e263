import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { loginLibrariesFound } from './scripts/build/loginLibraries';
// @ts-expect-error: a build script in plain JavaScript, without types.
import { withFastSpread } from './scripts/build/objectSpread.mjs';
import { shellSkeleton } from './scripts/build/shellSkeleton';
import { NAVIGATION } from './shared/roles';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

/** Libraries the first page must never carry: only the screens that use them load them. */
const NEVER_INITIAL = /node_modules\/(recharts|@mantine\/charts|mantine-datatable|exceljs|@mantine\/dates)\//;

/**
 * Mantine's ScrollArea (which every Modal imports) takes one small hook, useMergeRefs,
 * from @floating-ui/react. That library is one module, so the first page would carry
 * every floating-ui function any later screen uses (Tooltip, Popover, Select, Menu:
 * about 14 KB gzipped). Here ScrollArea alone gets the same hook from @mantine/hooks;
 * everyone else still imports @floating-ui/react, in the chunks that need it. If a
 * Mantine upgrade makes ScrollArea import more from floating-ui, the build fails on
 * the missing export and this can go.
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  const shim = '\0bakeshop:scroll-area-merge-refs';
  return {
    name: 'bakeshop:scroll-area-without-floating-ui',
    enforce: 'pre',
    resolveId: {
      filter: { id: /^@floating-ui\/react$/ },
      handler(_source, importer) {
        if (
          importer &&
          /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(importer)
        ) {
          return shim;
        }
        return null;
      },
    },
    load: {
      filter: { id: /^\0bakeshop:scroll-area-merge-refs$/ },
      handler() {
        return [
          "import { useMergedRef } from '@mantine/hooks';",
          'export const useMergeRefs = (refs) => useMergedRef(...refs);',
        ].join('\n');
      },
    },
  };
}

/**
 * tRPC's packages with their object-spread helper swapped, as the server's bundle has them
 * (scripts/build/objectSpread.mjs, held equal by a property test): the client's links and
 * query options copy each call's options through it, and starting a screen's reads was a
 * third of the task that first draws it (its effects subscribe and fetch in that task).
 */
function fastTrpcSpreadInClient(): Plugin {
  return {
    name: 'bakeshop:fast-trpc-spread',
    transform: {
      filter: { id: /[\\/]@trpc[\\/][^\\/]+[\\/]dist[\\/].*\.mjs$/, code: 'function _objectSpread2(' },
      handler(code, id) {
        return { code: (withFastSpread as (text: string, file: string) => string)(code, id), map: null };
      },
    },
  };
}

// The first pages: /login shows the login screen; every other page sits in the shell.
/** /login's first JavaScript, gzipped (issue 12's target). */
const LOGIN_JS_BUDGET = 150_000;
const LOGIN_SCREEN = /[\\/]client[\\/]screens[\\/]login[\\/]LoginScreen\.tsx$/;
const SHELL = /[\\/]client[\\/]shell[\\/]AppLayout\.tsx$/;

/** The library modules the login screen adds to the entry's (filled by loginLibrariesFound). */
const loginLibraries = new Set<string>();

type Chunk = Extract<Rolldown.OutputBundle[string], { type: 'chunk' }>;

/** The chunks built from the modules `roots` matches (or entries), and all they import statically. */
function withStaticImports(bundle: Rolldown.OutputBundle, roots: (chunk: Chunk) => boolean): Chunk[] {
  const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
  const found = chunks.filter(roots);
  for (let i = 0; i < found.length; i++) {
    for (const file of found[i]?.imports ?? []) {
      const next = chunks.find((c) => c.fileName === file);
      if (next && !found.includes(next)) found.push(next);
    }
  }
  return found;
}

const builtFrom = (module: RegExp) => (chunk: Chunk) => module.test(chunk.facadeModuleId ?? '');

/**
 * Fails the build if a first page holds a screen-only library: the entry, the login
 * screen and the shell, with every chunk they import statically.
 */
function initialBundleGuard(): Plugin {
  return {
    name: 'bakeshop:initial-bundle-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const first = (c: Chunk) => c.isEntry || builtFrom(LOGIN_SCREEN)(c) || builtFrom(SHELL)(c);
      for (const chunk of withStaticImports(bundle, first)) {
        const offending = chunk.moduleIds.find((id) => NEVER_INITIAL.test(id));
        if (offending)
          this.error(`${offending} is in a first page's code (${chunk.fileName}); load it lazily.`);
      }
      // The login page's budget (the tablet on mobile data): the entry and the login screen
      // with everything they import statically, as the browser receives them (gzipped).
      const login = withStaticImports(bundle, (c) => c.isEntry || builtFrom(LOGIN_SCREEN)(c));
      const bytes = login.reduce((sum, c) => sum + gzipSync(c.code, { level: 9 }).length, 0);
      // BUNDLE_REPORT=1 npm run build: what /login loads, file by file, gzipped.
      if (process.env.BUNDLE_REPORT) {
        for (const c of login) console.log(`${c.fileName} ${(gzipSync(c.code).length / 1000).toFixed(1)} kB`);
      }
      if (bytes > LOGIN_JS_BUDGET)
        this.error(
          `/login's first JavaScript is ${(bytes / 1000).toFixed(1)} kB gzipped, over its ${LOGIN_JS_BUDGET / 1000} kB: ` +
            'see the chunk-group notes under codeSplitting below (BUNDLE_REPORT=1 lists its files).',
        );
    },
  };
}

/** A screen's module: client/screens/<folder>/<Name>Screen.tsx. */
const SCREEN = /[\\/]client[\\/]screens[\\/]([a-z-]+)[\\/]([A-Za-z]+)Screen\.tsx$/;
/** Folders that are no signed-in page of their own. */
const NOT_A_PAGE = new Set(['login', 'placeholder']);

/**
 * The signed-in page a screen's module shows: its name in kebab case where that is a menu
 * path (PurchasingScreen and ReceivingScreen, both in purchasing/, are /purchasing and
 * /receiving), else its folder (backuprestore/BackupRestoreScreen is /backuprestore).
 */
function pageOf(folder: string, name: string): string {
  const kebab = name.replace(/(?<=[a-z])(?=[A-Z])/g, '-').toLowerCase();
  return NAVIGATION.some((e) => e.path === `/${kebab}`) ? kebab : folder;
}

/**
 * A screen's heading as the skeleton shows it: its menu label, at the level the screen gives
 * it (the screens of the purchasing and waste folders head their page with an h2). An e2e
 * test (tests/e2e/shell.test.ts) holds each page's skeleton heading to the screen's.
 */
const H2_TITLED = new Set(['receiving', 'waste']);
function titleOf(page: string) {
  const entry = NAVIGATION.find((e) => e.path === `/${page}` && !e.view);
  return entry ? { text: entry.label, order: H2_TITLED.has(page) ? (2 as const) : (1 as const) } : null;
}

/**
 * Starts a signed-in page's code once its skeleton is on screen: the page's HTML names the
 * entry, its modules and its screen's styles on this script's element, and it asks for them
 * after the first frame (at once in a hidden tab, which paints no frames). Asked for in the
 * HTML instead, they finished arriving before the skeleton's first paint on a fast network, and
 * Lighthouse's simulated slow network then made that paint wait for all of them. The entry is
 * asked for first, then the rest four links a task: each link starts its request as it is
 * added, and the sixty of the counter's page in one task held the tablet still for 15 ms (40
 * on a busy machine, four times that in Lighthouse's count); eight a task still took 15 to
 * 25 ms each there, so four.
 */
const BOOT = `const me = document.querySelector('script[data-entry]');
const add = (rel, href, as) => {
  const link = document.createElement('link');
  link.rel = rel;
  if (as) link.as = as;
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
};
const links = [
  ...me.dataset.styles.split(' ').filter(Boolean).map((href) => ['preload', href, 'style']),
  ...me.dataset.modules.split(' ').filter(Boolean).map((href) => ['modulepreload', href]),
];
const addSome = (count) => {
  for (const [rel, href, as] of links.splice(0, count)) add(rel, href, as);
  if (links.length) setTimeout(() => addSome(count));
};
let started = false;
const start = (count) => {
  if (started) return;
  started = true;
  import(me.dataset.entry);
  addSome(count);
};
if (document.visibilityState === 'hidden') start(Infinity);
else requestAnimationFrame(() => setTimeout(() => start(4)));
`;

/**
 * Lets each first page fetch its code beside the entry instead of after the entry has run.
 * index.html gets modulepreload links for the login screen (the server sends it for / and
 * /login); shell.html, the same page with the signed-in shell's code instead, is sent for
 * a signed-in page without a screen of its own; and pages/<page>.html adds that screen's
 * code and styles to the shell's, for its path (server/app.ts). Without them a reload of
 * /sales-management on the tablet waited for the entry to run before asking for the screen,
 * a round trip more. Moving between screens still loads each on demand.
 *
 * The signed-in pages also hold the shell's skeleton with the screen's title
 * (scripts/build/shellSkeleton.ts), painted before any script runs, and ask for their code
 * through a small boot script (BOOT above) once it is on screen.
 */
function pagePreloads(): Plugin {
  let outDir = '';
  return {
    name: 'bakeshop:page-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const indexFile = path.join(outDir, 'index.html');
      const index = readFileSync(indexFile, 'utf8');
      const entryTag = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(index);
      if (!entryTag?.[1]) this.error('index.html names no entry script');
      const [entryScript, entry] = entryTag;
      const needed = (...roots: ((chunk: Chunk) => boolean)[]) => {
        const chunks = roots.flatMap((root) => {
          const found = withStaticImports(bundle, root);
          if (found.length === 0) this.error(`No chunk is built for a page's preloads (${root})`);
          return found;
        });
        const files = new Set(chunks.map((c) => c.fileName));
        const styles = new Set(chunks.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]));
        return {
          styles: [...styles].filter((file) => !index.includes(`/${file}"`)).map((file) => `/${file}`),
          modules: [...files].filter((file) => !index.includes(`/${file}"`)).map((file) => `/${file}`),
        };
      };
      const loginPage = () => {
        const { styles, modules } = needed(builtFrom(LOGIN_SCREEN));
        const links = [
          ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="${file}">`),
          ...modules.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`),
        ];
        return index.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
      };
      const boot = `assets/boot-${createHash('sha256').update(BOOT).digest('base64url').slice(0, 8)}.js`;
      writeFileSync(path.join(outDir, boot), BOOT);
      const signedInPage = (title: ReturnType<typeof titleOf>, ...roots: ((chunk: Chunk) => boolean)[]) => {
        const { styles, modules } = needed(builtFrom(SHELL), ...roots);
        const bootTag = `<script type="module" crossorigin src="/${boot}" data-entry="${entry}" data-modules="${modules.join(
          ' ',
        )}" data-styles="${styles.join(' ')}"></script>`;
        return index
          .replace(entryScript, bootTag)
          .replace('<div id="root"></div>', `<div id="root">${shellSkeleton(title)}</div>`);
      };
      writeFileSync(path.join(outDir, 'shell.html'), signedInPage(null));
      mkdirSync(path.join(outDir, 'pages'), { recursive: true });
      for (const chunk of Object.values(bundle)) {
        const screen = chunk.type === 'chunk' ? SCREEN.exec(chunk.facadeModuleId ?? '') : null;
        if (!screen?.[1] || !screen[2] || NOT_A_PAGE.has(screen[1])) continue;
        const page = pageOf(screen[1], screen[2]);
        const html = signedInPage(titleOf(page), (c) => c === chunk);
        writeFileSync(path.join(outDir, 'pages', `${page}.html`), html);
      }
      writeFileSync(indexFile, loginPage());
    },
  };
}

/**
 * Writes `.br` and `.gz` beside every text asset, once, at build time; the server sends
 * them to browsers that accept them (@fastify/static `preCompressed`).
 */
function precompressed(): Plugin {
  let outDir = '';
  return {
    name: 'bakeshop:precompressed',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the write, so files copied from public/ (the logo) are compressed too.
    closeBundle() {
      if (!existsSync(outDir)) return;
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      for (const name of files) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(name)) continue;
        const file = path.join(outDir, name);
        const raw = readFileSync(file);
        const gz = gzipSync(raw, { level: 9 });
        const br = brotliCompressSync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        // A tiny file can grow when compressed; the server then sends the plain one.
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
      }
    },
  };
}

export default defineConfig({
  root: 'client',
  plugins: [
    react(),
    fastTrpcSpreadInClient(),
    scrollAreaWithoutFloatingUi(),
    loginLibrariesFound(loginLibraries, LOGIN_SCREEN),
    initialBundleGuard(),
    pagePreloads(),
    precompressed(),
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // The shared files' names would list every screen that uses them.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('shared~') ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            // What the entry imports statically, which every page loads, in one file with it:
            // left to itself Rolldown split part of it (React, Mantine's core) into a second file.
            { name: 'index', tags: ['$initial'] },
            // The libraries the login screen adds, in one file of their own. Before, they sat
            // in the shared files below, and adding any screen reshuffled those: once /login
            // went from 13 files and 149.5 kB to 186 kB. Now it is 5 files, about 136 kB.
            { name: 'login-libs', test: (id) => loginLibraries.has(id) },
            // Library code shared by several screens: Rolldown makes a file for each set of
            // screens sharing some (a round trip each on the tablet). Sets under 8 KB join a
            // neighbouring file instead, so a screen may load a few KB of library code it does
            // not run (never a whole library: see the guard).
            {
              name: 'shared',
              test: /[\\/]node_modules[\\/]/,
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 8_000,
            },
          ],
        },
      },
    },
  },
  // Proxy keys need the trailing slash, or /trpcfoo and /apiary match too.
  server: { proxy: { '/trpc/': api, '/api/': api } },
});
