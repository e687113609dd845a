// Where the compiled seccomp program lives while the core runs: a file the core made in a private
// temporary folder, opened, then unlinked, so only the core's open descriptor keeps it. A launcher
// (a descendant of the core, same user or root) opens it again through /proc/<core pid>/fd/N for
// bubblewrap; nothing else can find, replace or change it, and nothing is left behind at exit.
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface SeccompFile {
  /** `/proc/<core pid>/fd/<n>`: what the launcher opens as bubblewrap's `--seccomp` descriptor. */
  readonly path: string;
  close(): void;
}

export function writeSeccompFile(program: Buffer, tempDir: string): SeccompFile {
  const dir = mkdtempSync(path.join(tempDir, 'hearth-seccomp-'));
  let fd: number;
  try {
    const file = path.join(dir, 'filter.bpf');
    writeFileSync(file, program, { mode: 0o400, flag: 'wx' });
    fd = openSync(file, 'r');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  let open = true;
  return {
    path: `/proc/${process.pid}/fd/${fd}`,
    close() {
      if (!open) return;
      open = false;
      closeSync(fd);
    },
  };
}
