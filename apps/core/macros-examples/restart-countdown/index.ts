// Warns the players with a countdown, then restarts the server and waits until it runs again.
// Run it with an argument to override the countdown once: `["30"]`.
import { args, consoleOut, currentInstance, sleep } from 'hearth:macro';

class LodestoneConfig {
  // Seconds of warning before the restart
  countdownSeconds: number = 60;
  // Said to the players before the seconds left
  message: string = 'Server restarting in';
}
declare const config: LodestoneConfig;

const server = currentInstance();
const fromArgs = Number(args()[0] ?? NaN);
const total = Math.max(
  0,
  Math.floor(Number.isFinite(fromArgs) ? fromArgs : config.countdownSeconds),
);
// Announce at the start, then at these marks (when they fall within the countdown).
const marks = [300, 120, 60, 30, 10, 5, 4, 3, 2, 1].filter((s) => s < total);

if ((await server.state()) !== 'Running') {
  await consoleOut('The server is not running: nothing to restart');
} else {
  let left = total;
  for (const mark of [total, ...marks]) {
    await sleep((left - mark) * 1000);
    left = mark;
    if (mark > 0)
      await server.sendCommand(`say ${config.message} ${mark} second${mark === 1 ? '' : 's'}`);
  }
  await sleep(left * 1000);
  await consoleOut('Restarting now');
  await server.restart();
  await server.waitForState('Running', { timeoutMs: 10 * 60 * 1000 });
  await consoleOut('The server is running again');
}
