import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes `<dir>/java-<version>`: a `java` that answers `-version` with `version` and hands every
 * other call to the real `java` on the PATH. Lets tests pick what "the Java on the PATH" is.
 */
export async function fakeJava(dir: string, version: string): Promise<string> {
  const file = path.join(dir, `java-${version}`);
  await writeFile(
    file,
    '#!/bin/sh\n' +
      `if [ "$1" = "-version" ]; then echo 'openjdk version "${version}" 2024-01-16' >&2; exit 0; fi\n` +
      'exec java "$@"\n',
  );
  await chmod(file, 0o755);
  return file;
}
