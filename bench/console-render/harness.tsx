// The console-render benchmark's page (bench/console-render.ts builds it with the dashboard's Vite
// config): the real ConsoleScreen, its real hub and stream hook, with a socket that delivers
// InstanceOutput frames at a set rate instead of a core. The history request goes to the bench's
// static server, which answers [].
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ClientEvent, InstanceInfo } from '@hearth/protocol';
import { createQueryClient } from '@/lib/query-client.ts';
import { RealtimeHub, type SocketLike } from '@/lib/realtime/socket-hub.ts';
import { RealtimeProvider } from '@/lib/realtime/realtime-hooks.ts';
import { selectCore, setToken } from '@/lib/session.ts';
import { ConsoleScreen } from '@/features/console/components/console-screen.tsx';
import { ConsoleLog } from '@/features/console/console-log.ts';
import { ConsoleFilter, compileSearch } from '@/features/console/console-search.ts';
import type { ConsoleBenchApi, FloodStats } from './bench-api.ts';
import './harness.css';

const UUID = 'INSTANCE_bench';

function base64url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
const token = `${base64url('{"alg":"HS512"}')}.${base64url(JSON.stringify({ uid: 'bench', exp: Math.floor(Date.now() / 1000) + 86400 }))}.c2ln`;
const core = {
  address: location.hostname,
  port: Number(location.port),
  protocol: 'http',
  apiVersion: 'v1',
} as const;
selectCore(core);
setToken(core, token);

const NAMES = ['Alex', 'Steve', 'Notch', 'Jeb', 'Dinnerbone', 'Grumm'];
/** A server-looking line; every 8th has ANSI colours, every 50th Minecraft § codes. */
function benchLine(n: number): string {
  const time = `[${String(12 + (Math.floor(n / 3600) % 12)).padStart(2, '0')}:${String(Math.floor(n / 60) % 60).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}]`;
  const name = `${NAMES[n % NAMES.length]}${n % 97}`;
  if (n % 50 === 0)
    return `${time} [Server thread/INFO]: §e${name}§r joined the game §7(line ${n})`;
  if (n % 8 === 0)
    return `${time} [Server thread/\x1b[33mWARN\x1b[0m]: \x1b[1;31mCan't keep up!\x1b[0m Running ${n % 40}ms behind (line ${n})`;
  if (n % 3 === 0) return `${time} [Server thread/INFO]: ${name} left the game (line ${n})`;
  return `${time} [Server thread/INFO]: ${name} moved too quickly! ${(n * 7.13).toFixed(2)},${n % 64},${(n * 3.7).toFixed(1)} (line ${n})`;
}

function frame(n: number): string {
  const event: ClientEvent = {
    event_inner: {
      type: 'InstanceEvent',
      instance_uuid: UUID,
      instance_name: 'Bench',
      instance_event_inner: { type: 'InstanceOutput', message: `${benchLine(n)}\n` },
    },
    details: '',
    snowflake: String(7_000_000_000_000_000_000n + BigInt(n)),
    level: 'Info',
    caused_by: { type: 'System' },
  };
  return JSON.stringify(event);
}

const sockets: SocketLike[] = [];
const hub = new RealtimeHub({
  createSocket: () => {
    const socket: SocketLike = {
      onopen: null,
      onmessage: null,
      onerror: null,
      onclose: null,
      close: () => undefined,
    };
    sockets.push(socket);
    setTimeout(() => socket.onopen?.(new Event('open')), 0);
    return socket;
  },
});

/** Sends `total` lines at `perSecond`, counting animation frames meanwhile. */
function flood(total: number, perSecond: number): Promise<FloodStats> {
  return new Promise((resolve) => {
    const started = performance.now();
    let sent = 0;
    let frames = 0;
    let dropped = 0;
    let over50 = 0;
    let longest = 0;
    let last = started;
    let done = false;
    const onFrame = (now: number) => {
      const dt = now - last;
      last = now;
      frames++;
      dropped += Math.max(0, Math.round(dt / (1000 / 60)) - 1);
      if (dt > 50) over50++;
      longest = Math.max(longest, dt);
      if (!done) requestAnimationFrame(onFrame);
    };
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(onFrame);
    });
    const timer = setInterval(() => {
      const socket = sockets.at(-1);
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * perSecond));
      while (socket && sent < due)
        socket.onmessage?.(new MessageEvent('message', { data: frame(sent++) }));
      if (sent >= total) {
        clearInterval(timer);
        // Let the last lines reach the screen before stopping the frame count.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            done = true;
            resolve({
              seconds: (performance.now() - started) / 1000,
              frames,
              droppedFrames: dropped,
              framesOver50ms: over50,
              longestFrameMs: longest,
            });
          }),
        );
      }
    }, 10);
  });
}

function setSearch(query: string): void {
  const input = document.querySelector<HTMLInputElement>('input[type="search"]');
  if (!input) throw new Error('no search box');
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, query);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

function shownRows(): string[] {
  return Array.from(document.querySelectorAll('[role="log"] [data-index]')).map(
    (row) => row.textContent ?? '',
  );
}

/** Time from typing a regex to the rows on screen all matching it (the search runs over every kept line). */
function searchToScreen(query: string): Promise<{ ms: number; rows: number }> {
  const pattern = new RegExp(query, 'i');
  const started = performance.now();
  setSearch(query);
  return new Promise((resolve) => {
    const check = () => {
      const rows = shownRows();
      if (rows.length > 0 && rows.every((row) => pattern.test(row)))
        resolve({ ms: performance.now() - started, rows: rows.length });
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** The filter alone over `total` lines (no React, no DOM): median of `runs`. */
function filterOnly(query: string, total: number, runs = 5): { ms: number; matches: number } {
  const log = new ConsoleLog();
  for (let n = 0; n < total; n++) log.add(String(n), benchLine(n));
  const times: number[] = [];
  let matches = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const filter = new ConsoleFilter(log, compileSearch(query, true)!);
    filter.update();
    times.push(performance.now() - started);
    matches = filter.size;
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(runs / 2)] ?? 0, matches };
}

const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: true });

const instance: InstanceInfo = {
  uuid: UUID,
  name: 'Bench',
  game_type: { type: 'Generic', game_name: 'bench', game_display_name: 'Bench' },
  description: '',
  version: '1',
  port: 25565,
  creation_time: 0,
  path: '/bench',
  auto_start: false,
  restart_on_crash: false,
  state: 'Running',
  player_count: null,
  max_player_count: null,
  player_list: null,
};

const queryClient = createQueryClient();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider hub={hub}>
        <div style={{ height: '100vh' }}>
          <ConsoleScreen instance={instance} canAccessConsole />
        </div>
      </RealtimeProvider>
    </QueryClientProvider>
  </StrictMode>,
);

const api: ConsoleBenchApi = {
  flood,
  searchToScreen,
  filterOnly,
  clearSearch: () => setSearch(''),
  longTasksSince: (since: number) => longTasks.filter((task) => task.start >= since),
  now: () => performance.now(),
};
window.consoleBench = api;
