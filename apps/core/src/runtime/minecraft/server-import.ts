import type { SandboxLaunch } from '../sandbox/index.ts';
import { describeError } from '../../errors.ts';
import { writeMinecraftConfig, type FlavourConfig, type MinecraftConfig } from './config.ts';
import { MinecraftError } from './errors.ts';
import type { Flavour } from './flavours.ts';
import { EULA_TEXT, newConfig, setServerPort } from './installer.ts';
import { InstanceFolder } from './instance-folder.ts';
import { javaMajorFor, requiredJavaMajor, resolveJava } from './java.ts';
import { SERVER_JAR, checkServerJarName, launchTarget } from './launch.ts';
import { checkJvmFlags } from './launch-policy.ts';
import type { MinecraftUpstreams } from './upstreams.ts';

/** `ProgressionStart.total` of an import: Java (+2), checking the folder (+1). */
export const IMPORT_PROGRESS_TOTAL = 3;

export interface ImportedSetup {
  name: string;
  description: string;
  flavour: Flavour;
  version: string;
  /** Fabric loader, Paper build number or Forge build (required for Forge). */
  loaderVersion: string | null;
  /** The jar the server starts from, directly in the folder (Forge ≥ 1.17 starts from its args file). */
  serverJar: string;
  /** Null: Mojang's version manifest says. */
  javaMajor: number | null;
  minRam: number;
  maxRam: number;
  cmdArgs: string[];
  port: number;
  autoStart: boolean;
  restartOnCrash: boolean;
}

export interface ImportOptions {
  setup: ImportedSetup;
  /** The imported folder, already the instance's own (moved into place by the caller). */
  instanceDir: string;
  dataDir: string;
  upstreams: MinecraftUpstreams;
  onProgress: (increment: number, message: string) => void;
  /** The new instance's sandbox: Java probes run there, as its server will. */
  sandbox: SandboxLaunch | null;
  signal?: AbortSignal;
  pathJava?: string;
}

/** The on-disk flavour with what the user confirmed (an unknown pin is written as such). */
function flavourConfig(flavour: Flavour, loader: string | null): FlavourConfig {
  switch (flavour) {
    case 'vanilla':
      return 'vanilla';
    case 'paper': {
      const build = Number(loader);
      return { paper: { build_version: Number.isSafeInteger(build) && build > 0 ? build : 0 } };
    }
    case 'fabric':
      return { fabric: { loader_version: loader ?? 'unknown', installer_version: 'unknown' } };
    case 'forge':
      if (!loader)
        throw new MinecraftError(
          'BadRequest',
          'Which Forge build is this?',
          'enter the build (e.g. 1.20.1-47.3.0): the server starts from its files',
        );
      // It names a folder under libraries/ that the launch reads.
      if (!/^[0-9A-Za-z][\w.+-]*$/.test(loader) || loader.includes('..'))
        throw new MinecraftError('BadRequest', `Invalid Forge build: ${JSON.stringify(loader)}`);
      return { forge: { build_version: loader } };
  }
}

/**
 * Makes an imported folder a Minecraft instance: the Java its version needs (found or downloaded as
 * an install does, probed in the instance's sandbox), `eula.txt` when the folder has none (as an
 * install writes it), the chosen port in `server.properties`, and Lodestone's config mirror. The
 * folder's own files are otherwise kept as they are; the server jar named is checked to be a
 * regular file there (the JVM opens it inside the sandbox, the core never does). Returns the config
 * and the jar to record.
 */
export async function importMinecraft(
  opts: ImportOptions,
): Promise<{ config: MinecraftConfig; serverJar: string }> {
  const { setup, instanceDir, signal } = opts;
  const folder = new InstanceFolder(instanceDir);
  const flavour = flavourConfig(setup.flavour, setup.loaderVersion);
  checkJvmFlags(setup.cmdArgs);
  const serverJar = checkServerJarName(setup.serverJar);
  const usesJar = setup.flavour !== 'forge' || !(await forgeHasArgs(folder, setup.loaderVersion));
  if (usesJar && (await folder.kind(serverJar)) !== 'file')
    throw new MinecraftError('BadRequest', `${serverJar} is not a regular file in the folder`);

  let major = setup.javaMajor;
  if (major === null) {
    try {
      major = await javaMajorFor(setup.version, opts.upstreams, signal);
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new MinecraftError(
        'BadRequest',
        `Could not learn which Java Minecraft ${setup.version} needs`,
        `${describeError(err)}; enter the Java version in the import form`,
      );
    }
  } else {
    major = requiredJavaMajor(major);
  }
  opts.onProgress(1, `Finding Java ${major}`);
  const java = await resolveJava({
    major,
    dataDir: opts.dataDir,
    upstreams: opts.upstreams,
    sandbox: opts.sandbox,
    ...(opts.pathJava !== undefined ? { pathJava: opts.pathJava } : {}),
    ...(signal ? { signal } : {}),
  });
  opts.onProgress(1, `Using Java ${major} (${java.path})`);

  await folder.writeIfMissing('eula.txt', EULA_TEXT);
  await setServerPort(instanceDir, setup.port);
  const config = newConfig(setup, flavour, java.path, major);
  // Fails now, clearly, when what the launch needs is not there (a Forge build without its files).
  await launchTarget(config, instanceDir, process.platform, serverJar);
  await writeMinecraftConfig(instanceDir, config);
  opts.onProgress(1, 'Imported');
  return { config, serverJar: usesJar ? serverJar : SERVER_JAR };
}

async function forgeHasArgs(folder: InstanceFolder, build: string | null): Promise<boolean> {
  if (!build) return false;
  return (
    (await folder.kind(`libraries/net/minecraftforge/forge/${build}/unix_args.txt`)) === 'file'
  );
}
