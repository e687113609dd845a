import { constants } from 'node:fs';
import { access, lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { MinecraftError } from './errors.ts';

// What a Minecraft launch may contain. JVM flags are edited by people with the setting permission
// (not the owner's), so they are an allow-list of shapes that tune the JVM — never a positional
// argument (`java Evil.java` runs a source file), a class path, an agent, an argument file or a flag
// that runs a shell command on error. The Java command is host configuration: only the owner sets
// it, and even then it must be a Java outside everything a game or a user can write.

const JVM_FLAG_SHAPES: readonly RegExp[] = [
  /^-Xm[snx]\d+[kKmMgGtT]?$/,
  /^-Xss\d+[kKmMgG]?$/,
  /^-X(int|mixed|comp|batch|rs|noclassgc|incgc)$/,
  /^-Xshare:(auto|on|off)$/,
  /^-Xlog:[\w.,:=+*-]+$/,
  /^-XX:[+-][A-Za-z][A-Za-z0-9]*$/,
  /^-XX:[A-Za-z][A-Za-z0-9]*=[^\s]*$/,
  /^-D[A-Za-z0-9_.-]+(=[^\s]*)?$/,
  /^-(ea|da|esa|dsa|server|client)$/,
  /^-verbose(:(gc|class|module|jni))?$/,
  /^--enable-preview$/,
  /^--add-(opens|exports|reads|modules)=[\w./,=-]+$/,
  /^--enable-native-access=[\w.,-]+$/,
];

/** `-XX:` options that run a program or read more options from a file. */
const FORBIDDEN_XX = new Set([
  'OnError',
  'OnOutOfMemoryError',
  'Flags',
  'VMOptionsFile',
  'CompileCommandFile',
]);

/** Why a JVM flag is refused, or null when it is one of the allowed shapes. */
export function jvmFlagProblem(flag: string): string | null {
  const xx = /^-XX:([A-Za-z][A-Za-z0-9]*)=/.exec(flag);
  if (xx && FORBIDDEN_XX.has(xx[1]!)) return `JVM flag ${flag} is not allowed (it runs commands)`;
  if (JVM_FLAG_SHAPES.some((shape) => shape.test(flag))) return null;
  if (!flag.startsWith('-'))
    return `"${flag}" is not a JVM flag (only options that start with "-" are allowed)`;
  return `JVM flag ${flag} is not allowed (class paths, agents, jars and argument files are refused)`;
}

/** Throws a BadRequest naming the first refused flag. */
export function checkJvmFlags(flags: readonly string[]): void {
  for (const flag of flags) {
    const problem = jvmFlagProblem(flag);
    if (problem !== null) throw new MinecraftError('BadRequest', problem);
  }
}

export interface JavaPolicy {
  dataDir: string;
  /** The core's own Java command (`--java`), allowed as it is. */
  pathJava?: string | undefined;
}

/** Only the owner may choose the program the core starts for a server. */
export function javaCommandOwnerOnly(): MinecraftError {
  return new MinecraftError(
    'PermissionDenied',
    'Only the owner can set the Java command',
    'it chooses the program Hearth runs for this server, which is host configuration',
  );
}

function isInside(child: string, parent: string): boolean {
  return (
    child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep)
  );
}

/** A folder's real path, or the path as given when it does not exist (yet). */
async function realOrSelf(p: string): Promise<string> {
  return realpath(p).catch(() => path.resolve(p));
}

/**
 * A Java command must be `java` (found on the PATH), the core's configured Java, or an absolute path
 * to a regular executable file named `java` that, with every link resolved, lies outside the core's
 * data folder (every instance folder, macro cache and secret lives there; the JREs Hearth downloads
 * into `bin/java` are the exception) and outside `/proc` (whose `/proc/<pid>/cwd` links lead into a
 * process's folder, an instance's included). Only host paths outside the instance folders are
 * looked at, and nothing is opened or run.
 */
export async function checkJavaCommand(command: string, policy: JavaPolicy): Promise<void> {
  const cmd = command.trim();
  if (cmd === 'java' || (policy.pathJava !== undefined && cmd === policy.pathJava)) return;
  if (!path.isAbsolute(cmd) || cmd.includes('\0'))
    throw new MinecraftError(
      'BadRequest',
      'The Java command must be "java" or the absolute path of a Java executable',
    );
  // Checked as the kernel will read it: `..` after a link (`/proc/<pid>/cwd/..`) does not mean
  // what the text says, so only a plain path is accepted.
  if (path.normalize(cmd) !== cmd)
    throw new MinecraftError(
      'BadRequest',
      'The Java command must be a plain absolute path (no ".", ".." or "//")',
    );
  const base = path.basename(cmd);
  if (base !== 'java' && base !== 'java.exe')
    throw new MinecraftError(
      'BadRequest',
      `${cmd} is not a Java executable (its name must be java)`,
    );
  const given = cmd;
  const refuseProc = (p: string): void => {
    if (isInside(p, '/proc'))
      throw new MinecraftError('BadRequest', 'The Java command cannot be under /proc');
  };
  refuseProc(given);

  const dataDir = path.resolve(policy.dataDir);
  const instances = path.join(dataDir, 'instances');
  const [dataReal, instancesReal] = await Promise.all([realOrSelf(dataDir), realOrSelf(instances)]);
  const refuseInstances = (p: string): void => {
    if (isInside(p, instances) || isInside(p, instancesReal))
      throw new MinecraftError(
        'BadRequest',
        'The Java command cannot be inside an instance folder',
      );
  };
  refuseInstances(given);

  let real: string;
  try {
    real = await realpath(given);
  } catch {
    throw new MinecraftError('BadRequest', `${cmd} is not an executable file`);
  }
  refuseProc(real);
  refuseInstances(real);
  const downloaded = [path.join(dataDir, 'bin', 'java'), path.join(dataReal, 'bin', 'java')];
  const inData = isInside(real, dataDir) || isInside(real, dataReal);
  if (inData && !downloaded.some((dir) => isInside(real, dir)))
    throw new MinecraftError(
      'BadRequest',
      "The Java command cannot be inside Hearth's data folder (other than the Java runtimes Hearth downloads)",
    );
  try {
    // `real` is a host path outside every instance folder: stat-ing it follows nothing more.
    const info = await lstat(real);
    if (!info.isFile() || (info.mode & 0o111) === 0) throw new Error('not an executable file');
    await access(real, constants.X_OK);
  } catch {
    throw new MinecraftError('BadRequest', `${cmd} is not an executable file`);
  }
}
