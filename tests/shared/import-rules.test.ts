import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The import rules of biome.json's overrides, run on small files laid out like the project:
// the client reaches the server only through the type AppRouter, and a domain never
// imports what sits above the domains (the root router, server/app, server/transport/rest).

const CASES: { file: string; code: string; refused: boolean }[] = [
  {
    file: 'client/trpc.ts',
    code: "import type { AppRouter } from '../server/trpc/appRouter';",
    refused: false,
  },
  {
    file: 'client/screens/inventory/a.ts',
    code: "import type { AppRouter } from '../../../server/trpc/appRouter';",
    refused: false,
  },
  {
    file: 'client/screens/b.ts',
    code: "import { appRouter } from '../../server/trpc/appRouter';",
    refused: true,
  },
  { file: 'client/screens/c.ts', code: "import type { Db } from '../../server/db/open';", refused: true },
  { file: 'client/screens/d.ts', code: "import { fail } from '../../server/lib/errors';", refused: true },
  {
    file: 'client/screens/e.ts',
    code: "export const app = () => import('../../server/app');",
    refused: true,
  },
  { file: 'client/f.ts', code: "import { observable } from '@trpc/server/observable';", refused: false },
  {
    file: 'client/screens/g.ts',
    code: "import { PAGE_SIZE } from '../../shared/constants';",
    refused: false,
  },
  {
    file: 'server/domains/sales/a.ts',
    code: "import { appRouter } from '../../trpc/appRouter';",
    refused: true,
  },
  {
    file: 'server/domains/backup/restore/b.ts',
    code: "import { appRouter } from '../../../trpc/appRouter';",
    refused: true,
  },
  {
    file: 'server/domains/sales/c.ts',
    code: "import type { AppRouter } from '../../trpc/appRouter';",
    refused: true,
  },
  { file: 'server/domains/sales/d.ts', code: "import { buildApp } from '../../app';", refused: true },
  {
    file: 'server/domains/sales/e.ts',
    code: "import { restRoutes } from '../../transport/rest';",
    refused: true,
  },
  { file: 'server/domains/sales/f.ts', code: "import { salesRouter } from './router';", refused: false },
  {
    file: 'server/domains/backup/restore/g.ts',
    code: "import { backupRouter } from '../router';",
    refused: false,
  },
  {
    file: 'server/domains/sales/h.ts',
    code: "import { inventoryRouter } from '../inventory/router';",
    refused: false,
  },
  {
    file: 'server/domains/sales/i.ts',
    code: "import { router } from '../../trpc/procedures';",
    refused: false,
  },
  { file: 'server/app.ts', code: "import { appRouter } from './trpc/appRouter';", refused: false },
  {
    file: 'server/domains/inventory/j.ts',
    code: "import { APPROVALS } from '../actionRequests/approvals';",
    refused: true,
  },
  {
    file: 'server/domains/backup/restore/k.ts',
    code: "import { approveActionRequest } from '../../actionRequests/service';",
    refused: true,
  },
  {
    file: 'server/domains/inventory/l.ts',
    code: "import { holdOrApply } from '../actionRequests/held';",
    refused: false,
  },
  {
    file: 'server/domains/actionRequests/m.ts',
    code: "import { APPROVALS } from './approvals';",
    refused: false,
  },
];

const dir = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The files biome's noRestrictedImports refuses, laid out under a copy of biome.json. */
function refusedFiles(): Set<string> {
  const config = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
  for (const { file, code } of CASES) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), `${code}\n`);
  }
  const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
  const run = spawnSync(
    process.execPath,
    [biome, 'lint', '--only=style/noRestrictedImports', '--reporter=json', '.'],
    { cwd: dir, encoding: 'utf8' },
  );
  const report = JSON.parse(run.stdout) as {
    diagnostics: { category: string; location: { path: { file: string } } }[];
  };
  return new Set(
    report.diagnostics
      .filter((d) => d.category === 'lint/style/noRestrictedImports')
      .map((d) => d.location.path.file.split(path.sep).join('/')),
  );
}

describe('import rules (biome.json)', () => {
  const refused = refusedFiles();
  it.each(CASES)('$file: $code', ({ file, refused: expected }) => {
    expect(refused.has(file)).toBe(expected);
  });
});
