import type { DetectedMinecraft, ImportFlavour } from '@hearth/protocol';
import { InstanceFolder } from './instance-folder.ts';
import { parseManifest, readJarEntries } from './jar-inspect.ts';
import { getProperty, readServerProperties } from './server-properties.ts';

// What Minecraft server an imported folder holds, read only through the file sandbox: the jars'
// manifests and `version.json` (never run), the loader's own files (`.fabric/`, Fabric's and
// Forge's `libraries/`, `run.sh`, `user_jvm_args.txt`, Paper's `version_history.json`) and
// `server.properties`. Every answer is a guess the user confirms or corrects before anything is
// created; a folder that is none of these is reported as such.

export interface DetectedServer {
  minecraft: DetectedMinecraft;
  /** Anything Minecraft-like was found (a server jar, server.properties, a loader's files). */
  found: boolean;
  port: number | null;
  motd: string | null;
  /** Regular `.jar` files directly in the folder. */
  jars: string[];
  notes: string[];
}

/** Largest script or text file read (run.sh, user_jvm_args.txt, version_history.json). */
const MAX_TEXT_BYTES = 64 * 1024;
/** Most jars directly in the folder looked into (a server has one to three). */
const MAX_JARS = 12;

const JAR_ENTRIES = [
  'META-INF/MANIFEST.MF',
  'version.json',
  'install.properties',
  'META-INF/versions.list',
];

interface JarFacts {
  name: string;
  mainClass: string | null;
  /** Minecraft version from version.json, versions.list or the name. */
  version: string | null;
  javaMajor: number | null;
  flavour: ImportFlavour | null;
  loaderVersion: string | null;
}

const VERSION = /\d+\.\d+(?:\.\d+)?(?:-(?:pre|rc)\d+)?|\d{2}w\d{2}[a-z]/;

function text(bytes: Buffer | undefined): string | null {
  return bytes === undefined ? null : bytes.toString('utf8');
}

function jsonOf(bytes: Buffer | undefined): Record<string, unknown> | null {
  const t = text(bytes);
  if (t === null) return null;
  try {
    const value: unknown = JSON.parse(t);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function properties(t: string | null): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of (t ?? '').split(/\r?\n/)) {
    const m = /^\s*([\w.-]+)\s*[=:]\s*(.*?)\s*$/.exec(line);
    if (m && !line.trimStart().startsWith('#')) out.set(m[1]!, m[2]!);
  }
  return out;
}

/** What one jar says about itself: manifest, version.json, Fabric's install.properties, the name. */
function jarFacts(name: string, entries: Map<string, Buffer>): JarFacts {
  const manifest = parseManifest(text(entries.get('META-INF/MANIFEST.MF')) ?? '');
  const mainClass = manifest.get('Main-Class') ?? null;
  const versionJson = jsonOf(entries.get('version.json'));
  const install = properties(text(entries.get('install.properties')));
  const versionsList = text(entries.get('META-INF/versions.list'));
  let version =
    (typeof versionJson?.id === 'string' ? versionJson.id : null) ??
    install.get('game-version') ??
    install.get('minecraft-version') ??
    null;
  if (version === null && versionsList !== null) {
    const id = versionsList.split(/\r?\n/)[0]?.split('\t')[1];
    version = id ? (VERSION.exec(id)?.[0] ?? null) : null;
  }
  const javaMajor = typeof versionJson?.java_version === 'number' ? versionJson.java_version : null;
  const lower = name.toLowerCase();
  let flavour: ImportFlavour | null = null;
  let loaderVersion: string | null = null;
  let m: RegExpExecArray | null;
  if (
    mainClass?.startsWith('io.papermc.paperclip') === true ||
    mainClass === 'com.destroystokyo.paperclip.Paperclip' ||
    lower.startsWith('paper')
  ) {
    flavour = 'paper';
    if ((m = /^paper-(.+)-(\d+)\.jar$/i.exec(name))) {
      version ??= m[1]!;
      loaderVersion = m[2]!;
    }
  } else if (
    mainClass?.startsWith('net.fabricmc.') === true ||
    install.has('fabric-loader-version') ||
    lower.startsWith('fabric-server')
  ) {
    flavour = 'fabric';
    loaderVersion = install.get('fabric-loader-version') ?? install.get('loader-version') ?? null;
    if ((m = /^fabric-server-mc\.(.+)-loader\.(.+)-launcher\.(.+)\.jar$/i.exec(name))) {
      version ??= m[1]!;
      loaderVersion ??= m[2]!;
    }
  } else if (
    (m = /^forge-(\d[^-]*)-(.+?)(?:-universal)?\.jar$/i.exec(name)) &&
    !lower.includes('installer')
  ) {
    flavour = 'forge';
    version ??= m[1]!;
    loaderVersion = `${m[1]!}-${m[2]!}`;
  } else if (
    mainClass === 'net.minecraft.bundler.Main' ||
    mainClass === 'net.minecraft.server.Main' ||
    mainClass === 'net.minecraft.server.MinecraftServer' ||
    versionJson !== null
  ) {
    flavour = 'vanilla';
  } else if ((m = /^minecraft_server\.(.+)\.jar$/i.exec(name))) {
    flavour = 'vanilla';
    version ??= m[1]!;
  }
  return { name, mainClass, version, javaMajor, flavour, loaderVersion };
}

/** Sub-folder names of a folder (real folders only). */
async function folders(folder: InstanceFolder, relative: string): Promise<string[]> {
  return (await folder.entries(relative)).filter((e) => e.kind === 'directory').map((e) => e.name);
}

async function readText(folder: InstanceFolder, relative: string): Promise<string | null> {
  try {
    const bytes = await folder.read(relative, MAX_TEXT_BYTES);
    return bytes === null ? null : bytes.toString('utf8');
  } catch {
    return null;
  }
}

/** `-Xmx2G` / `-Xms512M` in a script or argument file, in MiB. */
function ramFlag(t: string, flag: 'Xmx' | 'Xms'): number | null {
  const m = new RegExp(`-${flag}(\\d+)([kKmMgG]?)\\b`).exec(t);
  if (!m) return null;
  const n = Number(m[1]);
  const unit = m[2]!.toLowerCase();
  if (unit === 'g') return n * 1024;
  if (unit === 'k') return Math.max(1, Math.round(n / 1024));
  if (unit === 'm') return n;
  return Math.max(1, Math.round(n / (1024 * 1024)));
}

const newestFirst = (a: string, b: string) =>
  b.localeCompare(a, undefined, { numeric: true, sensitivity: 'base' });

/** Reads what the folder's Minecraft server is. Never throws for odd content: it says less. */
export async function detectMinecraftServer(dir: string): Promise<DetectedServer> {
  const folder = new InstanceFolder(dir);
  const notes: string[] = [];
  const top = await folder.entries('.');
  const jars = top
    .filter((e) => e.kind === 'file' && e.name.toLowerCase().endsWith('.jar'))
    .map((e) => e.name)
    .sort();
  const facts: JarFacts[] = [];
  for (const name of jars.slice(0, MAX_JARS)) {
    if (/installer/i.test(name)) continue;
    const entries = await readJarEntries(folder, name, JAR_ENTRIES);
    if (entries === null) {
      notes.push(`${name} is not a jar Hearth can read`);
      continue;
    }
    facts.push(jarFacts(name, entries));
  }

  let doc = null;
  try {
    doc = await readServerProperties(dir);
  } catch {
    notes.push('server.properties could not be read (not a regular file, or too large)');
  }
  const portText = doc ? getProperty(doc, 'server-port') : undefined;
  const port =
    portText !== undefined && /^\d{1,5}$/.test(portText.trim()) ? Number(portText) : null;
  const motd = doc ? (getProperty(doc, 'motd') ?? null) : null;
  const hasProperties = top.some((e) => e.name === 'server.properties' && e.kind === 'file');

  // The loaders' own files say more than any jar name.
  const forgeBuilds = (await folders(folder, 'libraries/net/minecraftforge/forge')).sort(
    newestFirst,
  );
  const forgeArgs: string[] = [];
  for (const build of forgeBuilds)
    if ((await folder.kind(`libraries/net/minecraftforge/forge/${build}/unix_args.txt`)) === 'file')
      forgeArgs.push(build);
  const fabricLoaders = (await folders(folder, 'libraries/net/fabricmc/fabric-loader')).sort(
    newestFirst,
  );
  const hasFabricDir = (await folder.kind('.fabric')) === 'directory';
  const fabricServerJars = (await folder.entries('.fabric/server'))
    .map((e) => /^(.+)-server\.jar$/.exec(e.name)?.[1])
    .filter((v): v is string => v !== undefined);
  const launcherProps = properties(await readText(folder, 'fabric-server-launcher.properties'));
  const history = jsonOf(
    (await folder.read('version_history.json', MAX_TEXT_BYTES).catch(() => null)) ?? undefined,
  );
  const scripts = (
    await Promise.all(
      ['user_jvm_args.txt', 'run.sh', 'start.sh', 'start.bat', 'run.bat'].map((n) =>
        readText(folder, n),
      ),
    )
  ).filter((t): t is string => t !== null);

  let flavour: ImportFlavour | null = null;
  let version: string | null = null;
  let loaderVersion: string | null = null;
  let serverJar: string | null = null;
  const byFlavour = (f: ImportFlavour) => facts.find((j) => j.flavour === f);
  const vanilla = byFlavour('vanilla');

  if (forgeArgs.length > 0) {
    flavour = 'forge';
    loaderVersion = forgeArgs[0]!;
    version = loaderVersion.split('-')[0] ?? null;
    notes.push(
      `Forge ${loaderVersion}: libraries/net/minecraftforge/forge/${loaderVersion}/unix_args.txt`,
    );
  } else if (byFlavour('forge')) {
    const jar = byFlavour('forge')!;
    flavour = 'forge';
    version = jar.version;
    loaderVersion = jar.loaderVersion;
    serverJar = jar.name;
    notes.push(`Forge ${loaderVersion ?? ''} server jar ${jar.name}`.replace('  ', ' '));
  } else if (
    byFlavour('fabric') ||
    hasFabricDir ||
    fabricLoaders.length > 0 ||
    launcherProps.size > 0
  ) {
    const jar = byFlavour('fabric');
    flavour = 'fabric';
    serverJar = jar?.name ?? null;
    version = jar?.version ?? fabricServerJars[0] ?? null;
    loaderVersion = jar?.loaderVersion ?? fabricLoaders[0] ?? null;
    if (version === null && launcherProps.get('serverJar') !== undefined)
      version = facts.find((j) => j.name === launcherProps.get('serverJar'))?.version ?? null;
    notes.push(
      jar
        ? `Fabric launcher ${jar.name}${loaderVersion ? ` (loader ${loaderVersion})` : ''}`
        : 'Fabric files (.fabric/ or its libraries) but no Fabric launcher jar',
    );
  } else if (byFlavour('paper') || history !== null) {
    const jar = byFlavour('paper');
    flavour = 'paper';
    serverJar = jar?.name ?? null;
    version = jar?.version ?? null;
    loaderVersion = jar?.loaderVersion ?? null;
    const current = typeof history?.currentVersion === 'string' ? history.currentVersion : '';
    const mc = /\(MC: ([^)]+)\)/.exec(current)?.[1];
    const build = /git-Paper-(\d+)/.exec(current)?.[1] ?? /^[\d.]+-(\d+)-/.exec(current)?.[1];
    version = mc ?? version;
    loaderVersion = build ?? loaderVersion;
    notes.push(
      `Paper${jar ? ` jar ${jar.name}` : ''}${current ? ` (version_history.json: ${current})` : ''}`,
    );
  } else if (vanilla) {
    flavour = 'vanilla';
    serverJar = vanilla.name;
    version = vanilla.version;
    notes.push(`Vanilla server jar ${vanilla.name}${version ? ` (${version})` : ''}`);
  }
  // A loader's jar rarely knows the game version; the vanilla jar beside it does.
  if (version === null && vanilla) version = vanilla.version;
  const javaMajor =
    facts.find((j) => j.name === serverJar)?.javaMajor ?? vanilla?.javaMajor ?? null;
  if (javaMajor !== null) notes.push(`Needs Java ${javaMajor} (version.json)`);
  const script = scripts.join('\n');
  const maxRam = ramFlag(script, 'Xmx');
  const minRam = ramFlag(script, 'Xms');
  if (port !== null) notes.push(`server.properties: port ${port}`);
  return {
    minecraft: {
      flavour,
      version,
      loader_version: loaderVersion,
      server_jar: serverJar,
      java_major: javaMajor,
      min_ram: minRam,
      max_ram: maxRam,
      cmd_args: [],
    },
    found: flavour !== null || hasProperties,
    port,
    motd,
    jars,
    notes,
  };
}
