// Measuring the real Console tab from inside the page, installed before the dashboard's own code
// (Playwright addInitScript): every animation frame's timestamp, long tasks, the JS heap each frame,
// and for one watched batch of lines (`<tag>#<i> t=<epoch ms>`, printed by
// definitions/console-lines): when its first line was written (from the line itself), when its last
// line reached the page's WebSocket, when it was in the log's DOM, how many of its lines arrived,
// and — for steady output — how old the newest line on screen is each time a newer one appears.

export interface ProbeResult {
  /** performance.now() of every animation frame since the page loaded. */
  frames: number[];
  longTasks: { start: number; duration: number }[];
  /** Largest usedJSHeapSize seen in a frame while watching. */
  heapPeak: number;
  /** The watched batch: first line written (page clock), last line on the socket / in the DOM. */
  firstWritten: number | null;
  lastOnSocket: number | null;
  lastInDom: number | null;
  received: number;
  /** Every line of the bench's program (`… t=<ms>)`) the page's sockets received since it loaded, in any stream format. */
  outputLines: number;
  /** ms between a line being written and it being the newest row on screen. */
  latencies: number[];
}

export interface ConsoleProbe {
  watch(tag: string, last: number, sampleLatency: boolean): void;
  /** The watched batch's last line is in the DOM. */
  done(): boolean;
  result(): ProbeResult;
}

declare global {
  interface Window {
    consoleProbe: ConsoleProbe;
  }
}

/** Runs in the page (serialized by Playwright): must not use anything from this module's scope. */
export function installConsoleProbe(): void {
  const frames: number[] = [];
  const longTasks: { start: number; duration: number }[] = [];
  const epochToPage = (epoch: number) => epoch - performance.timeOrigin;
  let watch: { tag: string; lastMarker: string; sampleLatency: boolean } | null = null;
  let result: Omit<ProbeResult, 'frames' | 'longTasks' | 'outputLines'> = {
    heapPeak: 0,
    firstWritten: null,
    lastOnSocket: null,
    lastInDom: null,
    received: 0,
    latencies: [],
  };
  let outputLines = 0;
  let newest = '';

  const count = (text: string, needle: string) => {
    let n = 0;
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length))
      n++;
    return n;
  };
  const onMessage = (event: MessageEvent) => {
    if (typeof event.data !== 'string') return;
    outputLines += count(event.data, ' t=');
    if (!watch) return;
    result.received += count(event.data, `(${watch.tag}#`);
    if (result.firstWritten === null) {
      const first = new RegExp(`\\(${watch.tag}#0 t=(\\d+)\\)`).exec(event.data);
      if (first) result.firstWritten = epochToPage(Number(first[1]));
    }
    if (result.lastOnSocket === null && event.data.includes(watch.lastMarker))
      result.lastOnSocket = performance.now();
  };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', onMessage);
    }
  };

  new MutationObserver(() => {
    if (!watch || result.lastInDom !== null) return;
    const log = document.querySelector('[role="log"]');
    if (log?.textContent?.includes(watch.lastMarker)) result.lastInDom = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });

  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });

  const newestRow = () => {
    let best: Element | null = null;
    let bestIndex = -1;
    for (const row of document.querySelectorAll('[role="log"] [data-index]')) {
      const index = Number(row.getAttribute('data-index'));
      if (index > bestIndex) [best, bestIndex] = [row, index];
    }
    return best?.textContent ?? '';
  };
  const onFrame = (now: number) => {
    frames.push(now);
    if (watch) {
      const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
      result.heapPeak = Math.max(result.heapPeak, memory?.usedJSHeapSize ?? 0);
      if (watch.sampleLatency) {
        const text = newestRow();
        const written = new RegExp(`\\(${watch.tag}#\\d+ t=(\\d+)\\)`).exec(text);
        if (written && text !== newest) {
          newest = text;
          result.latencies.push(now - epochToPage(Number(written[1])));
        }
      }
    }
    requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);

  window.consoleProbe = {
    watch(tag, last, sampleLatency) {
      watch = { tag, lastMarker: `(${tag}#${last} t=`, sampleLatency };
      result = {
        heapPeak: 0,
        firstWritten: null,
        lastOnSocket: null,
        lastInDom: null,
        received: 0,
        latencies: [],
      };
    },
    done: () => result.lastInDom !== null,
    result: () => ({ ...result, frames: [...frames], longTasks: [...longTasks], outputLines }),
  };
}

/**
 * The probe as an init script. Serialized by hand with a `__name` no-op first: tsx compiles with
 * esbuild's keepNames, which wraps inner functions in a `__name` helper the page does not have.
 */
export const CONSOLE_PROBE_SCRIPT = `var __name = (f) => f;\n(${installConsoleProbe.toString()})();`;
