// What the console-render page (harness.tsx) exposes as `window.consoleBench`, shared with the
// Node side (../console-render.ts) that drives it.

export interface FloodStats {
  seconds: number;
  frames: number;
  droppedFrames: number;
  framesOver50ms: number;
  longestFrameMs: number;
}

export interface ConsoleBenchApi {
  /** Sends `total` console lines at `perSecond` through the console socket; counts frames meanwhile. */
  flood(total: number, perSecond: number): Promise<FloodStats>;
  /** Types `query` into the search box; resolves when every row on screen matches it. */
  searchToScreen(query: string): Promise<{ ms: number; rows: number }>;
  /** The search filter alone over `total` lines (median of a few runs). */
  filterOnly(query: string, total: number): { ms: number; matches: number };
  clearSearch(): void;
  longTasksSince(since: number): { start: number; duration: number }[];
  now(): number;
}

declare global {
  interface Window {
    consoleBench: ConsoleBenchApi;
  }
}
