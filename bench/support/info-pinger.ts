// `GET /api/v1/info` latency (or any GET's: `headers` carries a token), sampled one request after
// another (never two at once) with a short pause between them, from the benchmark's process: idle,
// or while something else is going on.
import http from 'node:http';

const PAUSE_MS = 20;

export interface PingOptions {
  headers?: Record<string, string>;
  /** Between two requests (default 20 ms). */
  pauseMs?: number;
  /**
   * One connection kept open for every request, as a browser keeps its connection to the
   * dashboard's core; by default each request opens its own (the connection's setup included).
   */
  keepAlive?: boolean;
}

function once(
  url: string,
  headers: Record<string, string> = {},
  agent: http.Agent | false = false,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(performance.now() - started)
            : reject(new Error(`${url} answered ${res.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

/** Latencies (ms) of `count` requests. */
export async function pingTimes(
  url: string,
  count: number,
  options: PingOptions = {},
): Promise<number[]> {
  const times: number[] = [];
  const agent = options.keepAlive ? new http.Agent({ keepAlive: true, maxSockets: 1 }) : false;
  try {
    // With a kept connection, a first request opens it and is not counted.
    if (agent) await once(url, options.headers, agent);
    for (let i = 0; i < count; i++) {
      times.push(await once(url, options.headers, agent));
      await new Promise((r) => setTimeout(r, options.pauseMs ?? PAUSE_MS));
    }
  } finally {
    if (agent) agent.destroy();
  }
  return times;
}

/**
 * Pings until stop() is called; stop() resolves with every latency measured (and rejects with the
 * first failed request, if one failed). Calling stop() again gives the same answer.
 */
export function pingUntilStopped(
  url: string,
  options: PingOptions = {},
): { stop(): Promise<number[]> } {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      times.push(await once(url, options.headers));
      await new Promise((r) => setTimeout(r, options.pauseMs ?? PAUSE_MS));
    }
    return times;
  })();
  // Handled here so a failure before stop() is not an unhandled rejection; stop() still sees it.
  loop.catch(() => undefined);
  return {
    stop() {
      running = false;
      return loop;
    },
  };
}
