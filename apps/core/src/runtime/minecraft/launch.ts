import path from 'node:path';
import type { MinecraftConfig } from './config.ts';
import { MinecraftError } from './errors.ts';
import { InstanceFolder } from './instance-folder.ts';
import { checkJvmFlags } from './launch-policy.ts';

export interface LaunchCommand {
  command: string;
  args: string[];
  cwd: string;
}

/** The jar Hearth installs and starts (an imported server may start from another, named in its record). */
export const SERVER_JAR = 'server.jar';

/**
 * A server jar named in a record: a plain `.jar` name directly in the instance folder (the JVM opens
 * it inside the game's sandbox; the core never does).
 */
export function checkServerJarName(name: string): string {
  if (!/^[^/\\\0]+\.jar$/i.test(name) || name.startsWith('.'))
    throw new MinecraftError(
      'BadRequest',
      `Invalid server jar name: ${JSON.stringify(name)}`,
      'a .jar file directly in the instance folder',
    );
  return name;
}

/** `1.20.1` → 20, `1.8` → 8; null for ids that are not `1.<minor>…` (snapshots, betas). */
export function minecraftMinor(version: string): number | null {
  const match = /^1\.(\d+)(?:\.|-|$)/.exec(version);
  return match?.[1] === undefined ? null : Number(match[1]);
}

/** Where Forge ≥ 1.17 keeps its JVM argument file for a build, relative to the instance folder. */
export function forgeArgsPath(build: string, platform: NodeJS.Platform = process.platform): string {
  const name = platform === 'win32' ? 'win_args.txt' : 'unix_args.txt';
  return ['libraries', 'net', 'minecraftforge', 'forge', build, name].join('/');
}

/** `forgeArgsPath` as a host path (`unix_args.txt`, `win_args.txt` on Windows). */
export function forgeArgsFile(
  instanceDir: string,
  build: string,
  platform: NodeJS.Platform = process.platform,
): string {
  return path.join(instanceDir, ...forgeArgsPath(build, platform).split('/'));
}

/** The first (by name) regular `.jar` directly in the folder that `accept` takes. */
async function firstJar(
  folder: InstanceFolder,
  accept: (name: string) => boolean,
): Promise<string | null> {
  const names = (await folder.regularFiles()).filter((n) => n.endsWith('.jar') && accept(n)).sort();
  return names[0] === undefined ? null : path.join(folder.dir, names[0]);
}

/**
 * The JVM arguments that start the server (the part after `-Xmx -Xms <cmd_args>`), per
 * core-api.md §3.3.5. Fails with a clear error when the Forge files it needs are missing.
 */
export async function launchTarget(
  config: MinecraftConfig,
  instanceDir: string,
  platform: NodeJS.Platform = process.platform,
  serverJar: string = SERVER_JAR,
): Promise<string[]> {
  const flavour = config.flavour;
  if (typeof flavour === 'string' || !('forge' in flavour)) {
    return ['-jar', path.join(instanceDir, checkServerJarName(serverJar))];
  }
  const build = flavour.forge.build_version;
  const minor = minecraftMinor(config.version);
  // Only looked at through the file sandbox: the JVM reads these files, inside the game's sandbox.
  const folder = new InstanceFolder(instanceDir);
  if (minor === null || minor >= 17) {
    const argsPath = forgeArgsPath(build, platform);
    if ((await folder.kind(argsPath)) !== 'file') {
      throw new MinecraftError(
        'Internal',
        `Forge ${build} is not installed`,
        `${argsPath} is missing (or is not a regular file)`,
      );
    }
    return [`@${forgeArgsFile(instanceDir, build, platform)}`];
  }
  const jar =
    minor >= 7
      ? await firstJar(
          folder,
          (n) => n.startsWith(`forge-${config.version}-`) && !n.includes('installer'),
        )
      : await firstJar(folder, (n) => n.startsWith('minecraftforge'));
  if (jar === null)
    throw new MinecraftError(
      'Internal',
      `Forge ${build} is not installed`,
      'no Forge server jar found',
    );
  return ['-jar', jar];
}

/**
 * `<java_cmd> -Xmx<max>M -Xms<min>M <cmd_args…> <launch target> nogui`, cwd = the instance folder
 * (core-api.md §3.3.5). Empty `cmd_args` entries are skipped.
 */
export async function buildLaunchCommand(
  config: MinecraftConfig,
  instanceDir: string,
  platform: NodeJS.Platform = process.platform,
  serverJar: string = SERVER_JAR,
): Promise<LaunchCommand> {
  if (!config.java_cmd)
    throw new MinecraftError('BadRequest', 'No Java command is set for this instance');
  checkJvmFlags(config.cmd_args.filter((a) => a.trim() !== ''));
  const target = await launchTarget(config, instanceDir, platform, serverJar);
  return {
    command: config.java_cmd,
    args: [
      `-Xmx${config.max_ram}M`,
      `-Xms${config.min_ram}M`,
      ...config.cmd_args.filter((a) => a.trim() !== ''),
      ...target,
      'nogui',
    ],
    cwd: instanceDir,
  };
}
