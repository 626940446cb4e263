// tRPC's published build spreads objects with Babel's down-levelled helper: for each key it
// asks for symbols, filters, calls through forEach and converts the key twice. Its
// procedure chain copies the call's options and context that way at every middleware, and
// under load that was about a seventh of a short signed-in read's CPU (docs/decisions.md,
// "Where a read's time goes"). The server's bundle swaps the helper for one that does the
// same thing directly; a property test (tests/shared/object-spread.test.ts) holds the two to
// the same results, and the build stops if tRPC's helper ever reads otherwise.

/** The helper as @trpc/server 11.22.1 ships it (dist/getErrorShape-*.mjs). */
export const TRPC_SPREAD = `function _objectSpread2(e) {
\tfor (var r = 1; r < arguments.length; r++) {
\t\tvar t = null != arguments[r] ? arguments[r] : {};
\t\tr % 2 ? ownKeys(Object(t), !0).forEach(function(r) {
\t\t\t_defineProperty(e, r, t[r]);
\t\t}) : Object.getOwnPropertyDescriptors ? Object.defineProperties(e, Object.getOwnPropertyDescriptors(t)) : ownKeys(Object(t)).forEach(function(r) {
\t\t\tObject.defineProperty(e, r, Object.getOwnPropertyDescriptor(t, r));
\t\t});
\t}
\treturn e;
}
`;

/**
 * The same results: odd arguments are spread (own enumerable keys, then enumerable symbols,
 * each defined when the target already has it, set otherwise); even ones are the object
 * literals Babel split off, copied key by key, an accessor as an accessor. Only their
 * descriptors are read, and only for their own few keys.
 */
export const FAST_SPREAD = `function _objectSpread2(e) {
\tfor (var r = 1; r < arguments.length; r++) {
\t\tvar t = null != arguments[r] ? Object(arguments[r]) : {};
\t\tvar literal = r % 2 === 0;
\t\tvar keys = Object.keys(t);
\t\tfor (var i = 0; i < keys.length; i++) _spreadOne(e, t, keys[i], literal);
\t\tvar symbols = Object.getOwnPropertySymbols(t);
\t\tfor (var j = 0; j < symbols.length; j++)
\t\t\tif (literal || Object.prototype.propertyIsEnumerable.call(t, symbols[j])) _spreadOne(e, t, symbols[j], literal);
\t}
\treturn e;
}
function _spreadOne(e, t, k, literal) {
\tif (literal) {
\t\tvar d = Object.getOwnPropertyDescriptor(t, k);
\t\tif (!("value" in d)) {
\t\t\tObject.defineProperty(e, k, d);
\t\t\treturn;
\t\t}
\t}
\tif (k in e) Object.defineProperty(e, k, { value: t[k], enumerable: true, configurable: true, writable: true });
\telse e[k] = t[k];
}
`;

/** `text` with tRPC's helper swapped; throws unless it holds the helper exactly once. */
export function withFastSpread(text, file) {
  const parts = text.split(TRPC_SPREAD);
  if (parts.length !== 2)
    throw new Error(`${file}: tRPC's _objectSpread2 is not the one scripts/build/objectSpread.mjs replaces`);
  return parts.join(FAST_SPREAD);
}

/** An esbuild plugin: @trpc/server bundled (every other package stays external) with the helper swapped. */
export const fastTrpcSpread = {
  name: 'fast-trpc-spread',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path === '@trpc/server' || args.path.startsWith('@trpc/server/') ? undefined : { external: true },
    );
    build.onLoad({ filter: /[\\/]@trpc[\\/]server[\\/]dist[\\/].*\.mjs$/ }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      const text = await readFile(args.path, 'utf8');
      const contents = text.includes('function _objectSpread2(') ? withFastSpread(text, args.path) : text;
      return { contents, loader: 'js' };
    });
  },
};
