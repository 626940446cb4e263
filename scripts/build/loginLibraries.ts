import { type Plugin, parseAst } from 'vite';

type Names = Set<string> | 'all';
interface Reexport {
  source: string;
  imported: string | 'all';
  exported: string | 'all';
}

/** A module's imports and re-exports by source, and whether it holds nothing else. */
function linksOf(code: string) {
  const imports: { source: string; names: Names }[] = [];
  const reexports: Reexport[] = [];
  const local = new Map<string, { source: string; imported: string }>();
  let barrel = true;
  for (const node of parseAst(code, { lang: 'js' }).body) {
    if (node.type === 'ImportDeclaration') {
      const names = new Set<string>();
      let all = false;
      for (const s of node.specifiers) {
        if (s.type === 'ImportNamespaceSpecifier') all = true;
        const imported =
          s.type === 'ImportDefaultSpecifier'
            ? 'default'
            : s.type === 'ImportSpecifier'
              ? nameOf(s.imported)
              : '*';
        names.add(imported);
        local.set(s.local.name, { source: String(node.source.value), imported });
      }
      imports.push({ source: String(node.source.value), names: all ? 'all' : names });
    } else if (node.type === 'ExportAllDeclaration') {
      const exported = node.exported ? nameOf(node.exported) : 'all';
      reexports.push({ source: String(node.source.value), imported: 'all', exported });
    } else if (node.type === 'ExportNamedDeclaration' && !node.declaration) {
      for (const s of node.specifiers) {
        const from = node.source
          ? { source: String(node.source.value), imported: nameOf(s.local) }
          : local.get(nameOf(s.local));
        if (from) reexports.push({ ...from, exported: nameOf(s.exported) });
        else barrel = false;
      }
    } else barrel = false;
  }
  return { imports, reexports, barrel };
}
const nameOf = (n: { type: string; name?: string; value?: unknown }) =>
  n.type === 'Identifier' ? String(n.name) : String(n.value);

/**
 * Fills `found` with the library modules the login screen needs beyond the entry's, for
 * vite.config.ts's 'login-libs' chunk group. Found once the module graph is complete, following imports by name through
 * barrel files (a library's index that only re-exports), as tree-shaking will: all of
 * @mantine/core is one index away from every screen.
 */
export function loginLibrariesFound(found: Set<string>, loginScreen: RegExp): Plugin {
  return {
    name: 'bakeshop:login-libraries-found',
    apply: 'build',
    async buildEnd() {
      found.clear();
      const screen = [...this.getModuleIds()].find((id) => loginScreen.test(id));
      if (!screen) return;
      const wanted = new Map<string, Names>();
      const queue: [string, Names][] = [[screen, 'all']];
      while (queue.length > 0) {
        const [id, names] = queue.shift() as [string, Names];
        const before = wanted.get(id);
        if (before === 'all') continue;
        const added = names === 'all' ? 'all' : [...names].filter((n) => !before?.has(n));
        if (added !== 'all' && added.length === 0) continue;
        wanted.set(id, added === 'all' ? 'all' : new Set([...(before ?? []), ...added]));
        const code = this.getModuleInfo(id)?.code;
        if (!code || !/\.(m?js|jsx|tsx?)$/.test(id.split('?')[0] ?? '')) continue;
        if (/[\\/]node_modules[\\/]/.test(id)) found.add(id);
        const { imports, reexports, barrel } = linksOf(code);
        const follow = async (source: string, next: Names) => {
          const resolved = await this.resolve(source, id);
          if (resolved && !resolved.external) queue.push([resolved.id, next]);
        };
        if (!barrel || added === 'all') {
          for (const i of imports) await follow(i.source, i.names);
          for (const r of reexports)
            await follow(r.source, r.imported === 'all' ? 'all' : new Set([r.imported]));
          continue;
        }
        // A barrel: only what provides the names asked for.
        for (const name of added) {
          for (const r of reexports) {
            if (r.exported === name)
              await follow(r.source, r.imported === 'all' ? 'all' : new Set([r.imported]));
            else if (r.exported === 'all') await follow(r.source, new Set([name]));
          }
        }
      }
    },
  };
}
