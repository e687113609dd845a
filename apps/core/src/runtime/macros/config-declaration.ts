import type { ConfigurableValue, ConfigurableValueType, SettingManifest } from '@hearth/protocol';

/** The word that marks a macro as configurable (core-api.md §3.11). */
export const CONFIG_CLASS = 'LodestoneConfig';

/** A macro's parsed `class LodestoneConfig { … }` plus the variable it is injected as. */
export interface ConfigDeclaration {
  /** The name in `declare const <variable>: LodestoneConfig;`. */
  variable: string;
  /** Field name → setting, in declaration order. */
  settings: Record<string, SettingManifest>;
}

/** The declaration cannot be understood; the message says why. */
export class ConfigDeclarationError extends Error {
  override name = 'ConfigDeclarationError';
}

const IDENT = /^[A-Za-z_$][\w$]*$/;
const CLASS_HEAD = new RegExp(`\\bclass\\s+${CONFIG_CLASS}\\s*\\{`);
const DECLARATION = new RegExp(
  `\\b(?:const|let|var)\\s+([A-Za-z_$][\\w$]*)\\s*:\\s*${CONFIG_CLASS}\\b`,
);

interface Item {
  kind: 'comment' | 'statement';
  text: string;
}

/** Index just past the string literal that starts at `start` (a quote character). */
function skipString(src: string, start: number): number {
  const quote = src[start];
  for (let i = start + 1; i < src.length; i++) {
    if (src[i] === '\\') i++;
    else if (src[i] === quote) return i + 1;
    else if (src[i] === '\n' && quote !== '`') break;
  }
  throw new ConfigDeclarationError('Unterminated string in the config class');
}

/** The class body between its braces; strings and comments may hold braces of their own. */
function classBody(src: string, open: number): string {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const c = src[i];
    if (c === '"' || c === "'" || c === '`') {
      i = skipString(src, i) - 1;
    } else if (c === '/' && src[i + 1] === '/') {
      const nl = src.indexOf('\n', i);
      i = nl === -1 ? src.length : nl;
    } else if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      if (end === -1) throw new ConfigDeclarationError('Unterminated comment in the config class');
      i = end + 1;
    } else if (c === '{') {
      depth++;
    } else if (c === '}') {
      depth--;
      if (depth === 0) return src.slice(open + 1, i);
    }
  }
  throw new ConfigDeclarationError('The config class is not closed');
}

/** Comment lines (each line of a block comment on its own) and `;`-terminated statements. */
function splitBody(body: string): Item[] {
  const items: Item[] = [];
  let statement = '';
  const flush = () => {
    const text = statement.trim();
    statement = '';
    if (text !== '') items.push({ kind: 'statement', text });
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '"' || c === "'" || c === '`') {
      const end = skipString(body, i);
      statement += body.slice(i, end);
      i = end - 1;
    } else if (c === '/' && body[i + 1] === '/') {
      const nl = body.indexOf('\n', i);
      const end = nl === -1 ? body.length : nl;
      items.push({ kind: 'comment', text: body.slice(i + 2, end).trim() });
      i = end;
    } else if (c === '/' && body[i + 1] === '*') {
      const end = body.indexOf('*/', i + 2);
      if (end === -1) throw new ConfigDeclarationError('Unterminated comment in the config class');
      for (const line of body.slice(i + 2, end).split('\n')) {
        const text = line
          .trim()
          .replace(/^\*+\s?/, '')
          .trim();
        items.push({ kind: 'comment', text });
      }
      i = end + 1;
    } else if (c === ';') {
      flush();
    } else if (c === '{' || c === '}') {
      throw new ConfigDeclarationError(
        `Cannot parse the config field "${(statement + c).trim()}": only fields are allowed`,
      );
    } else {
      statement += c;
    }
  }
  if (statement.trim() !== '')
    throw new ConfigDeclarationError(`Missing ";" after "${statement.trim()}"`);
  return items;
}

/** A quoted string literal ('…' or "…") as its value; null if `text` is not exactly one. */
function stringLiteral(text: string): string | null {
  const quote = text[0];
  if ((quote !== '"' && quote !== "'") || text.length < 2 || text.at(-1) !== quote) return null;
  let out = '';
  for (let i = 1; i < text.length - 1; i++) {
    const c = text[i]!;
    if (c === quote) return null;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = text[++i];
    if (next === undefined || i === text.length - 1) return null;
    out += next === 'n' ? '\n' : next === 't' ? '\t' : next === 'r' ? '\r' : next;
  }
  return out;
}

function parseType(raw: string): ConfigurableValueType {
  const text = raw.trim();
  if (text === 'string') return { type: 'String', regex: null };
  if (text === 'boolean') return { type: 'Boolean' };
  if (text === 'number') return { type: 'Float', min: null, max: null };
  const options: string[] = [];
  for (const part of text.split('|')) {
    const option = stringLiteral(part.trim());
    if (option === null) throw new ConfigDeclarationError(`cannot parse type "${text}"`);
    options.push(option);
  }
  return { type: 'Enum', options };
}

function parseDefault(raw: string, type: ConfigurableValueType, field: string): ConfigurableValue {
  const text = raw.trim();
  switch (type.type) {
    case 'String': {
      const value = stringLiteral(text);
      if (value === null)
        throw new ConfigDeclarationError(`Cannot parse "${text}" to a string (${field})`);
      return { type: 'String', value };
    }
    case 'Boolean':
      if (text !== 'true' && text !== 'false')
        throw new ConfigDeclarationError(`Cannot parse "${text}" to a bool (${field})`);
      return { type: 'Boolean', value: text === 'true' };
    case 'Float': {
      const value = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text) ? Number(text) : NaN;
      if (!Number.isFinite(value))
        throw new ConfigDeclarationError(`Cannot parse "${text}" to a number (${field})`);
      return { type: 'Float', value };
    }
    case 'Enum': {
      const value = stringLiteral(text);
      if (value === null || !type.options.includes(value))
        throw new ConfigDeclarationError(`"${text}" is not one of the options of ${field}`);
      return { type: 'Enum', value };
    }
    default:
      throw new ConfigDeclarationError(`Unsupported type for ${field}`);
  }
}

const FIELD = /^([A-Za-z_$][\w$]*)\s*(\?)?\s*:\s*([^=]+?)\s*(?:=\s*([\s\S]+))?$/;

function parseField(statement: string, description: string, variable: string) {
  const m = FIELD.exec(statement);
  if (!m) throw new ConfigDeclarationError(`Cannot parse the config field "${statement}"`);
  const [, name, optional, typeText, defaultText] = m as unknown as [
    string,
    string,
    string | undefined,
    string,
    string | undefined,
  ];
  if (name === '__proto__') throw new ConfigDeclarationError(`${name} is not a valid field name`);
  const valueType = parseType(typeText);
  if (optional === undefined && defaultText === undefined)
    throw new ConfigDeclarationError(`${name} is not optional and thus must have a default value`);
  const value = defaultText === undefined ? null : parseDefault(defaultText, valueType, name);
  const setting: SettingManifest = {
    setting_id: `${variable}|${name}`,
    name,
    description,
    value,
    value_type: valueType,
    default_value: value,
    is_secret: false,
    is_required: value !== null,
    is_mutable: true,
  };
  return { name, setting };
}

/**
 * Reads a macro's config declaration (core-api.md §3.11) textually, as the reference does — no
 * TypeScript compiler: `class LodestoneConfig { … }` whose `name: type = default;` / `name?: type;`
 * fields become settings (comment lines right above a field are its description), then
 * `declare const|let|var <variable>: LodestoneConfig;`. Null when the source never mentions
 * LodestoneConfig; ConfigDeclarationError when it does but cannot be understood.
 */
export function parseConfigDeclaration(source: string): ConfigDeclaration | null {
  if (!source.includes(CONFIG_CLASS)) return null;
  const head = CLASS_HEAD.exec(source);
  if (!head) throw new ConfigDeclarationError('Class definition or config declaration is missing');
  const open = head.index + head[0].length - 1;
  const body = classBody(source, open);
  const after = source.slice(open + body.length + 2);
  const decl = DECLARATION.exec(after);
  if (!decl || !IDENT.test(decl[1]!))
    throw new ConfigDeclarationError(
      'Class definition detected but cannot find config declaration',
    );
  const variable = decl[1]!;
  const settings: Record<string, SettingManifest> = {};
  let comments: string[] = [];
  for (const item of splitBody(body)) {
    if (item.kind === 'comment') {
      if (item.text !== '') comments.push(item.text);
      continue;
    }
    const { name, setting } = parseField(item.text, comments.join(' '), variable);
    comments = [];
    if (Object.hasOwn(settings, name))
      throw new ConfigDeclarationError(`The config field ${name} is declared twice`);
    settings[name] = setting;
  }
  return { variable, settings };
}
