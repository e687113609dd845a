import type { Readable } from 'node:stream';

/**
 * Collects the lines a child process writes to `stdout`, each as `read` gives it back (`read` may
 * refuse a line by throwing), and waits for one that matches: a line already seen answers at once,
 * and a wait fails after `timeoutMs` showing every line seen.
 */
export function collectLines(
  stdout: Readable,
  timeoutMs: number,
  read: (line: string) => string = (line) => line,
) {
  const lines: string[] = [];
  const waiters: { test: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  let pending = '';
  stdout.setEncoding('utf8');
  stdout.on('data', (chunk: string) => {
    pending += chunk;
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    for (const part of parts) {
      const line = read(part);
      lines.push(line);
      for (const waiter of waiters.filter((w) => w.test(line))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  const waitFor = (test: (line: string) => boolean, what: string): Promise<string> => {
    const seen = lines.find(test);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no line ${what}; got:\n${lines.join('\n')}`)),
        timeoutMs,
      );
      waiters.push({ test, resolve: (line) => (clearTimeout(timer), resolve(line)) });
    });
  };
  return { lines, waitFor };
}
