// Lingui 6's CLI needs Node 22+ (`globSync` from node:fs, `glob` from node:fs/promises) and runs
// its commands only `if (import.meta.main)` (Node 24); Hearth supports Node 20.19+. These module
// hooks point those two imports of @lingui/cli's files at tinyglobby-based stand-ins (glob.mjs) and
// ask "is this file the process's script?" the Node 20 way. Nothing else is changed.
const standIn = JSON.stringify(new URL('./glob.mjs', import.meta.url).href);
const IMPORTS = [
  ['import { globSync } from "node:fs";', `import { globSync } from ${standIn};`],
  ['import { glob } from "node:fs/promises";', `import { glob } from ${standIn};`],
  [
    'if (import.meta.main)',
    "if (import.meta.filename === (await import('node:fs')).realpathSync(process.argv[1]))",
  ],
];

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!url.includes('/@lingui/cli/') || result.source == null) return result;
  let source = String(result.source);
  for (const [from, to] of IMPORTS) source = source.replace(from, to);
  return { ...result, source };
}
