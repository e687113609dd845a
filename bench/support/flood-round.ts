// One flood measured from outside a server (the core or the bare `ws` server): subscribers in their
// own process, `GET /info` pinged idle and during the flood, and the server's CPU time, RSS, bytes
// written and (for the core) data dir size read from /proc and the disk around it.
import { folderBytes } from './disk-usage.ts';
import { median } from './figures.ts';
import { pingTimes, pingUntilStopped } from './info-pinger.ts';
import { cpuSecondsOf, sampleRss, writeBytesOf } from './processes.ts';
import { startSubscribers } from './subscriber-process.ts';

const IDLE_PINGS = 50;
/** The core writes events to SQLite in batches: wait for the last batch before measuring the disk. */
const FLUSH_WAIT_MS = 3_000;

export interface FloodRound {
  rate: number;
  minRate: number;
  lost: number;
  printed: number;
  cpuUsPerLine: number;
  rssPeak: number;
  idle: number[];
  flood: number[];
  diskBefore: number;
  diskAfter: number;
  written: number;
}

export interface FloodTarget {
  pid: number;
  infoUrl: string;
  streamUrl: string;
  start(): Promise<void>;
  dataDir: string | null;
}

export async function measureFlood(
  subscribers: number,
  seconds: number,
  target: FloodTarget,
): Promise<FloodRound> {
  const subs = await startSubscribers(target.streamUrl, subscribers, seconds + 60);
  const idle = await pingTimes(target.infoUrl, IDLE_PINGS);
  const diskBefore = target.dataDir ? await folderBytes(target.dataDir) : NaN;
  const writtenBefore = writeBytesOf(target.pid);
  const cpuBefore = cpuSecondsOf(target.pid);
  const rss = sampleRss(target.pid);
  const pinger = pingUntilStopped(target.infoUrl);
  let figures: Awaited<typeof subs.figures>;
  try {
    await target.start();
    figures = await subs.figures;
  } finally {
    rss.stop();
    await pinger.stop();
  }
  const cpu = cpuSecondsOf(target.pid) - cpuBefore;
  const during = await pinger.stop();
  const rssPeak = rss.peak;
  await new Promise((r) => setTimeout(r, FLUSH_WAIT_MS));
  const delivered = figures.reduce((sum, s) => sum + s.lines, 0);
  const printed = figures.find((s) => s.done !== null)?.done ?? NaN;
  return {
    rate: median(figures.map((s) => s.rate)),
    minRate: Math.min(...figures.map((s) => s.rate)),
    lost: figures.reduce((sum, s) => sum + (printed - s.lines), 0),
    printed,
    cpuUsPerLine: (cpu / delivered) * 1e6,
    rssPeak,
    idle,
    flood: during,
    diskBefore,
    diskAfter: target.dataDir ? await folderBytes(target.dataDir) : NaN,
    written: writeBytesOf(target.pid) - writtenBefore,
  };
}
