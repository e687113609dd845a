import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { MinecraftError } from './errors.ts';

// What a Minecraft launch may contain. The settings that build the command are edited by people with
// the setting permission (not the owner's), so they are an allow-list of shapes: JVM flags that tune
// the JVM, and a Java that is a Java — never a positional argument (`java Evil.java` runs a source
// file), a class path, an agent, an argument file or a flag that runs a shell command on error.

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

/**
 * A Java command must be `java` (found on the PATH), the core's configured Java, or an absolute path
 * to an executable named `java` outside every instance folder (an instance folder is writable by
 * people with file access, so nothing there may become the launched program).
 */
export function checkJavaCommand(command: string, policy: JavaPolicy): void {
  const cmd = command.trim();
  if (cmd === 'java' || (policy.pathJava !== undefined && cmd === policy.pathJava)) return;
  if (!path.isAbsolute(cmd))
    throw new MinecraftError(
      'BadRequest',
      'The Java command must be "java" or the absolute path of a Java executable',
    );
  const base = path.basename(cmd);
  if (base !== 'java' && base !== 'java.exe')
    throw new MinecraftError(
      'BadRequest',
      `${cmd} is not a Java executable (its name must be java)`,
    );
  const instances = path.join(path.resolve(policy.dataDir), 'instances') + path.sep;
  if (path.resolve(cmd).startsWith(instances))
    throw new MinecraftError('BadRequest', 'The Java command cannot be inside an instance folder');
  try {
    if (!statSync(cmd).isFile()) throw new Error('not a file');
    accessSync(cmd, constants.X_OK);
  } catch {
    throw new MinecraftError('BadRequest', `${cmd} is not an executable file`);
  }
}
