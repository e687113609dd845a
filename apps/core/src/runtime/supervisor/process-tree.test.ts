import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { isSameProcess, processStartTicks } from './process-tree.ts';

describe('isSameProcess', () => {
  it('takes a zombie (exited, not yet reaped) for gone', async () => {
    // `sleep 0` exits at once; its parent shell then becomes `sleep 30`, which never reaps it.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const [chunk] = (await once(parent.stdout, 'data')) as [Buffer];
      const zombie = Number(chunk.toString().trim());
      const ticks = processStartTicks(zombie);
      expect(ticks).not.toBeNull();
      const identity = { start_ticks: ticks, exe: null };
      // The parent is alive and the same process: the check itself still works.
      expect(
        isSameProcess(parent.pid!, { start_ticks: processStartTicks(parent.pid!), exe: null }),
      ).toBe(true);
      await expect.poll(() => isSameProcess(zombie, identity)).toBe(false);
    } finally {
      parent.kill('SIGKILL');
    }
  });
});
