// The first program of every wrapped launch: a shell that puts itself into the launch's cgroups and
// opens the seccomp program for bubblewrap, then becomes bubblewrap (or the plain program) with
// exec, so nothing it starts escapes the cgroups and the pid stays the same.

/**
 * The descriptor bubblewrap reads the seccomp program from (`--seccomp 9`); bwrap closes it before
 * the program runs. Spawners keep below it (0–2, and 3 for the definition runner's answers).
 */
export const SECCOMP_FD = 9;

/**
 * `$1` = how many `cgroup.procs` files follow; those files; then the seccomp program's path
 * (empty: none); then the command. A cgroup that refuses the pid, or a program that cannot be
 * opened, ends the launch before anything runs (exit 125 / the shell's redirection error).
 */
const SCRIPT =
  'n=$1; shift; while [ "$n" -gt 0 ]; do echo $$ > "$1" || exit 125; shift; n=$((n - 1)); done; ' +
  `f=$1; shift; [ -z "$f" ] && exec "$@"; exec "$@" ${SECCOMP_FD}<"$f"`;

/** `argv` behind the launcher shell, or unchanged when there is nothing to join or open. */
export function launcherArgv(
  procsFiles: readonly string[],
  seccompProgram: string | null,
  argv: readonly string[],
): string[] {
  if (procsFiles.length === 0 && seccompProgram === null) return [...argv];
  return [
    '/bin/sh',
    '-c',
    SCRIPT,
    'hearth-sandbox',
    String(procsFiles.length),
    ...procsFiles,
    seccompProgram ?? '',
    ...argv,
  ];
}
