/**
 * A tiny XML reader for the few documents UPnP gateways send (device descriptions, SOAP answers).
 * It keeps elements, attributes and text, drops namespace prefixes, and skips comments, processing
 * instructions and doctypes. It is not a validating parser; it refuses only what it cannot read.
 */
export interface XmlElement {
  /** Local name, namespace prefix removed (`s:Envelope` → `Envelope`). */
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (its direct text and CDATA, entities decoded), not its children's. */
  text: string;
}

export class XmlError extends Error {}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return safeCodePoint(parseInt(ref.slice(2), 16)) ?? whole;
    if (ref.startsWith('#')) return safeCodePoint(parseInt(ref.slice(1), 10)) ?? whole;
    return ENTITIES[ref] ?? whole;
  });
}

function safeCodePoint(n: number): string | null {
  return Number.isInteger(n) && n >= 0 && n <= 0x10ffff ? String.fromCodePoint(n) : null;
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);

const TAG = /^<\/?([A-Za-z_][\w.:-]*)/;
const ATTRIBUTE = /([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/g;

/** Parses a document and returns its root element. */
export function parseXml(source: string): XmlElement {
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let i = 0;
  const skipPast = (terminator: string, what: string) => {
    const end = source.indexOf(terminator, i);
    if (end < 0) throw new XmlError(`Unterminated ${what}`);
    const inner = source.slice(i, end);
    i = end + terminator.length;
    return inner;
  };

  while (i < source.length) {
    const lt = source.indexOf('<', i);
    const textEnd = lt < 0 ? source.length : lt;
    if (textEnd > i) {
      const text = source.slice(i, textEnd);
      const top = stack.at(-1);
      if (top) top.text += decodeEntities(text);
      else if (text.trim() !== '') throw new XmlError('Text outside the root element');
      i = textEnd;
      continue;
    }
    if (source.startsWith('<!--', i)) {
      i += 4;
      skipPast('-->', 'comment');
    } else if (source.startsWith('<![CDATA[', i)) {
      i += 9;
      const data = skipPast(']]>', 'CDATA section');
      const top = stack.at(-1);
      if (!top) throw new XmlError('CDATA outside the root element');
      top.text += data;
    } else if (source.startsWith('<?', i)) {
      i += 2;
      skipPast('?>', 'processing instruction');
    } else if (source.startsWith('<!', i)) {
      i += 2;
      skipPast('>', 'declaration');
    } else {
      const tagEnd = findTagEnd(source, i);
      const raw = source.slice(i, tagEnd + 1);
      i = tagEnd + 1;
      const match = TAG.exec(raw);
      if (!match) throw new XmlError(`Malformed tag: ${raw.slice(0, 40)}`);
      const name = localName(match[1]!);
      if (raw.startsWith('</')) {
        const open = stack.pop();
        if (!open || open.name !== name)
          throw new XmlError(`Unexpected closing tag </${match[1]}>`);
        if (stack.length === 0) root = open;
        continue;
      }
      const attributes: Record<string, string> = {};
      const rest = raw.slice(match[0].length);
      for (const a of rest.matchAll(ATTRIBUTE))
        attributes[localName(a[1]!)] = decodeEntities(a[3] ?? a[4] ?? '');
      const element: XmlElement = { name, attributes, children: [], text: '' };
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else if (root) throw new XmlError('More than one root element');
      if (raw.endsWith('/>')) {
        if (!parent) root = element;
      } else {
        stack.push(element);
      }
    }
  }
  if (stack.length > 0) throw new XmlError(`Unclosed element <${stack.at(-1)!.name}>`);
  if (!root) throw new XmlError('No root element');
  return root;
}

/** Index of the `>` that ends the tag starting at `start`, skipping quoted attribute values. */
function findTagEnd(source: string, start: number): number {
  let quote: string | null = null;
  for (let j = start + 1; j < source.length; j++) {
    const c = source[j];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return j;
    }
  }
  throw new XmlError('Unterminated tag');
}

export const child = (el: XmlElement, name: string): XmlElement | undefined =>
  el.children.find((c) => c.name === name);

/** Trimmed text of the first child with that name, or undefined. */
export const childText = (el: XmlElement, name: string): string | undefined =>
  child(el, name)?.text.trim();

/** Every element below `el` (depth first, document order) with that name. */
export function descendants(el: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (node: XmlElement) => {
    for (const c of node.children) {
      if (c.name === name) found.push(c);
      walk(c);
    }
  };
  walk(el);
  return found;
}
