// One batch of console lines measured in the real Console tab: the probe (console-probe.ts) is
// told which lines to watch, the command that prints them goes to the core, and the page's figures
// for that batch are read back once its last line is in the log's DOM.
import type { CDPSession, Page } from '@playwright/test';
import { CONSOLE_CLIENT_LINE_CAP } from '@hearth/protocol';
import './console-probe.ts';
import { frameStats } from './frame-stats.ts';

export interface Batch {
  lines: number;
  onScreen: number;
  onSocket: number;
  dropped: number;
  expected: number;
  longTasks: number;
  longestTask: number;
  heapPeak: number;
  heapAfter: number;
  kept: number;
  latencies: number[];
}

export async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

export async function measureBatch(
  page: Page,
  cdp: CDPSession,
  send: (command: string) => Promise<unknown>,
  spec: { command: string; tag: string; lines: number; steady: boolean; interval: number },
): Promise<Batch> {
  await heapAfterGc(cdp);
  await page.evaluate(([tag, last, steady]) => window.consoleProbe.watch(tag, last, steady), [
    spec.tag,
    spec.lines - 1,
    spec.steady,
  ] as const);
  await send(spec.command);
  await page.waitForFunction(() => window.consoleProbe.done(), null, {
    timeout: 180_000,
    polling: 100,
  });
  await page.waitForTimeout(100);
  const r = await page.evaluate(() => window.consoleProbe.result());
  const start = r.firstWritten ?? NaN;
  const end = r.lastInDom ?? NaN;
  const frames = frameStats(r.frames, start, end, spec.interval);
  const tasks = r.longTasks.filter((t) => t.start + t.duration >= start && t.start <= end);
  return {
    lines: spec.lines,
    onScreen: end - start,
    onSocket: (r.lastOnSocket ?? NaN) - start,
    dropped: (frames.dropped / frames.expected) * 100,
    expected: frames.expected,
    longTasks: tasks.length,
    longestTask: Math.max(0, ...tasks.map((t) => t.duration)),
    heapPeak: r.heapPeak,
    heapAfter: await heapAfterGc(cdp),
    kept: Math.min(CONSOLE_CLIENT_LINE_CAP, r.outputLines),
    latencies: r.latencies,
  };
}
