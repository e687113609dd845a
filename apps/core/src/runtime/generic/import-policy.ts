// What a definition may import, decided from the text of each import before anything is read:
// its own modules (relative, under its own folder or URL folder), node builtins, and a short list
// of installed packages. Host paths, file:/data: URLs and other packages are refused, because
// bundling runs in the core (as root on most hosts) and would inline whatever it was pointed at.
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader } from 'esbuild';

/**
 * Installed packages a definition may import (kept external, loaded at run time inside the
 * sandbox): flying-squid for the shipped definition, zod to validate setup values. Both only
 * compute; neither is a way to reach the host.
 */
export const ALLOWED_PACKAGES: readonly string[] = ['flying-squid', 'zod'];

/** Where a definition's own modules live: the folder of its entry (URL folder or host folder). */
export type DefinitionHome =
  { kind: 'http'; entry: string; folder: URL } | { kind: 'file'; entry: string; folder: string };

export type ImportTarget =
  | { kind: 'builtin' }
  | { kind: 'package'; name: string }
  /** One of the definition's own modules: a URL (http home) or an absolute path (file home). */
  | { kind: 'own'; location: string; loader: Loader };

/** An import the policy refuses; the message says why, in words for the definition's author. */
export class RefusedImport extends Error {
  override name = 'RefusedImport';
}

const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
const SCOPE_OR_NAME = /^@?[a-z0-9][a-z0-9._~-]*$/;
const SUBPATH_PART = /^[A-Za-z0-9_~@+-][A-Za-z0-9._~@+-]*$/;
const MODULE_EXTENSIONS = ['.ts', '.mts', '.cts', '.tsx', '.js', '.mjs', '.cjs', '.jsx'];

/** The home of the entry at `url` (http(s) or file; other schemes are refused earlier). */
export function homeOf(url: URL): DefinitionHome {
  if (url.protocol === 'file:') {
    const entry = fileURLToPath(url);
    return { kind: 'file', entry, folder: path.dirname(entry) };
  }
  const entry = new URL(url.href);
  entry.hash = '';
  return { kind: 'http', entry: entry.href, folder: new URL('./', entry) };
}

/** A location is one of the definition's own modules when it lies under its home folder. */
function isOwnUrl(url: URL, home: Extract<DefinitionHome, { kind: 'http' }>): boolean {
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.origin === home.folder.origin &&
    url.username === '' &&
    url.password === '' &&
    url.pathname.startsWith(home.folder.pathname)
  );
}

function ownFolderText(home: DefinitionHome): string {
  return home.kind === 'http' ? home.folder.href : `${home.folder}${path.sep}`;
}

function extensionOf(location: string, home: DefinitionHome): string {
  const name = home.kind === 'http' ? new URL(location).pathname : location;
  return path.posix.extname(name).toLowerCase();
}

/**
 * The loader for an own module: by its extension, or by its import attribute (`type: 'json'`,
 * `type: 'bytes'`). An http module without an extension is TypeScript (as URL imports usually are).
 */
export function loaderFor(
  location: string,
  home: DefinitionHome,
  attributes: Record<string, string> = {},
): Loader {
  if (attributes.type === 'json') return 'json';
  if (attributes.type === 'bytes') return 'binary';
  const extension = extensionOf(location, home);
  if (extension === '' && home.kind === 'http') return 'ts';
  switch (extension) {
    case '.ts':
    case '.mts':
    case '.cts':
      return 'ts';
    case '.tsx':
      return 'tsx';
    case '.js':
    case '.mjs':
    case '.cjs':
      return 'js';
    case '.jsx':
      return 'jsx';
    case '.json':
      return 'json';
    default:
      throw new RefusedImport(
        "only JavaScript, TypeScript and JSON modules are bundled (import the definition's other files with { type: 'bytes' })",
      );
  }
}

/** Refuses an entry that is not a JavaScript or TypeScript module (an http entry may have no extension). */
export function checkEntry(home: DefinitionHome): Loader {
  const extension = extensionOf(home.entry, home);
  if (MODULE_EXTENSIONS.includes(extension) || (extension === '' && home.kind === 'http'))
    return loaderFor(home.entry, home);
  throw new RefusedImport(
    `a definition is a JavaScript or TypeScript module (${MODULE_EXTENSIONS.join(', ')})`,
  );
}

function checkAttributes(attributes: Record<string, string>): void {
  for (const [key, value] of Object.entries(attributes)) {
    if (key !== 'type' || (value !== 'json' && value !== 'bytes'))
      throw new RefusedImport(
        `the import attribute ${key}: '${value}' is not supported (only type 'json' or 'bytes')`,
      );
  }
}

function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  const nameParts = specifier.startsWith('@') ? 2 : 1;
  const name = parts.slice(0, nameParts).join('/');
  const valid =
    parts.length >= nameParts &&
    parts.slice(0, nameParts).every((p) => SCOPE_OR_NAME.test(p)) &&
    parts.slice(nameParts).every((p) => SUBPATH_PART.test(p) && p !== '.' && p !== '..');
  if (!valid)
    throw new RefusedImport(
      'it is neither a relative path nor a package name (package paths have no ".", ".." or empty parts)',
    );
  if (!ALLOWED_PACKAGES.includes(name))
    throw new RefusedImport(
      `"${name}" is not a package definitions may import (allowed: ${ALLOWED_PACKAGES.join(', ')})`,
    );
  return name;
}

function ownTarget(
  location: string,
  home: DefinitionHome,
  attributes: Record<string, string>,
): ImportTarget {
  return { kind: 'own', location, loader: loaderFor(location, home, attributes) };
}

/**
 * Decides what `specifier`, imported by the own module at `importer` with `attributes`, may be.
 * Throws RefusedImport for anything else. Nothing here touches the disk or the network.
 */
export function decideImport(
  specifier: string,
  importer: string,
  home: DefinitionHome,
  attributes: Record<string, string> = {},
): ImportTarget {
  if (specifier.includes('\0') || specifier.includes('\\'))
    throw new RefusedImport('it contains a NUL byte or a backslash');
  checkAttributes(attributes);
  const plain = Object.keys(attributes).length === 0;
  if (specifier.startsWith('node:') || (!SCHEME.test(specifier) && isBuiltin(specifier))) {
    if (!isBuiltin(specifier)) throw new RefusedImport('it is not a node builtin module');
    if (!plain)
      throw new RefusedImport("import attributes are only for the definition's own files");
    return { kind: 'builtin' };
  }
  if (specifier.startsWith('./') || specifier.startsWith('../')) {
    if (home.kind === 'http') {
      const url = new URL(specifier, importer);
      url.hash = '';
      if (!isOwnUrl(url, home))
        throw new RefusedImport(`it leaves the definition's own folder ${ownFolderText(home)}`);
      return ownTarget(url.href, home, attributes);
    }
    const location = path.resolve(path.dirname(importer), specifier);
    if (!location.startsWith(`${home.folder}${path.sep}`))
      throw new RefusedImport(`it leaves the definition's own folder ${ownFolderText(home)}`);
    return ownTarget(location, home, attributes);
  }
  const scheme = SCHEME.exec(specifier)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https') {
    let url: URL;
    try {
      url = new URL(specifier);
    } catch {
      throw new RefusedImport('it is not a valid URL');
    }
    url.hash = '';
    if (home.kind !== 'http' || !isOwnUrl(url, home))
      throw new RefusedImport(
        `a definition imports only its own modules, under ${ownFolderText(home)}`,
      );
    return ownTarget(url.href, home, attributes);
  }
  if (scheme === 'file' || specifier.startsWith('/'))
    throw new RefusedImport(
      "host paths and file: URLs are never bundled (import the definition's own files by relative paths)",
    );
  if (scheme !== undefined) throw new RefusedImport(`${scheme}: URLs are never bundled`);
  if (!plain) throw new RefusedImport("import attributes are only for the definition's own files");
  return { kind: 'package', name: packageOf(specifier) };
}
