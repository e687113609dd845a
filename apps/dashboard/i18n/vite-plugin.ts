// The dashboard's Lingui build step, for Vite and vitest alike (no Lingui CLI at build time):
//
// 1. Macros (`t`, `msg`, `plural` from @lingui/core/macro; `Trans`, `Plural`, `useLingui` from
//    @lingui/react/macro) are turned into runtime calls by Lingui's own Babel macro plugin, in files
//    that import a macro only. Every descriptor keeps its English message beside its id, compiled
//    here to Lingui's message form (`["Delete ", ["name"], "?"]`): English needs no catalog and the
//    runtime no message compiler (~5 kB gz), and the home carries its English only once.
// 2. `src/locales/<locale>/<catalog>.po` imports become `export const messages = {id: compiled}`.
//    Untranslated entries are left out, so they fall back to the English in the descriptor. The
//    pseudo-locale's catalogs are made from the English: accented and ~30 % longer.
//
// Lingui's own @lingui/vite-plugin needs Node 22+ (and its native macro transform a binary that is
// not installed); Hearth runs on Node 20.19+, so this is the same work done with Lingui's parts that
// run there (the Babel macro plugin, the po format, the message compiler).
import path from 'node:path';
import { transformAsync, types as t } from '@babel/core';
import type { NodePath, PluginObj } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { getConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { compileMessageOrThrow as compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { pseudoText } from './pseudo.ts';

const MACRO_IMPORT = /from\s+['"]@lingui\/(?:core|react)\/macro['"]/;
const SOURCE_FILE = /\.[cm]?[jt]sx?$/;
const CATALOG_FILE = /\.po$/;

type Compiled = ReturnType<typeof compileMessage>;

/** Replaces each descriptor's `message: "…"` with its compiled form, after the macro ran. */
function precompileMessages(): PluginObj {
  const compileIn = (path: NodePath<t.ObjectExpression>) => {
    const props = path.node.properties;
    const hasId = props.some(
      (p) =>
        t.isObjectProperty(p) &&
        t.isIdentifier(p.key, { name: 'id' }) &&
        t.isStringLiteral(p.value),
    );
    if (!hasId) return;
    for (const prop of props) {
      if (
        t.isObjectProperty(prop) &&
        t.isIdentifier(prop.key, { name: 'message' }) &&
        t.isStringLiteral(prop.value)
      )
        prop.value = t.valueToNode(compileMessage(prop.value.value));
    }
  };
  return {
    name: 'hearth-precompile-messages',
    visitor: {
      Program: {
        exit(program) {
          program.traverse({ ObjectExpression: compileIn });
        },
      },
    },
  };
}

function localeOf(file: string): string {
  return path.basename(path.dirname(file));
}

export function hearthLingui({ configPath }: { configPath: string }): Plugin {
  const linguiConfig = getConfig({ configPath, skipValidation: true });
  const pseudo = new Set(
    [linguiConfig.pseudoLocale]
      .flat()
      .map((entry) => (typeof entry === 'string' ? entry : entry?.locale))
      .filter((locale): locale is string => Boolean(locale)),
  );
  const po = formatter({ lineNumbers: false });

  return {
    name: 'hearth-lingui',
    enforce: 'pre',
    async transform(code, id) {
      const [file = id, query = ''] = id.split('?');
      // `?raw` / `?url` imports of a catalog (the catalogs test reads the .po text) stay as they are.
      if (CATALOG_FILE.test(file) && !/\b(raw|url)\b/.test(query)) {
        const locale = localeOf(file);
        const catalog = await po.parse(code, {
          locale,
          sourceLocale: linguiConfig.sourceLocale,
          filename: file,
        });
        const messages: Record<string, Compiled> = {};
        for (const [messageId, entry] of Object.entries(catalog)) {
          if (entry.obsolete) continue;
          if (pseudo.has(locale)) {
            if (entry.message) messages[messageId] = compileMessage(entry.message, pseudoText);
          } else if (entry.translation) messages[messageId] = compileMessage(entry.translation);
        }
        return {
          code: `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});`,
          map: null,
        };
      }
      if (!SOURCE_FILE.test(file) || file.includes('/node_modules/') || !MACRO_IMPORT.test(code))
        return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: [[linguiMacro, { descriptorFields: 'message', linguiConfig }], precompileMessages],
      });
      if (!result?.code) return null;
      return { code: result.code, map: result.map };
    },
  };
}
