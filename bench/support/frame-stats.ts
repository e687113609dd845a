// Dropped frames from requestAnimationFrame timestamps: a gap longer than 1.5× the refresh interval
// is a late frame, and every interval it spans beyond the first is a frame that was not drawn.
import { median } from './figures.ts';

export interface FrameStats {
  /** Frames the display would have shown in the window. */
  expected: number;
  dropped: number;
  /** Gaps longer than 1.5× the refresh interval. */
  late: number;
  longestGap: number;
}

/** The refresh interval: the median gap between consecutive frames of a quiet page. */
export function refreshInterval(frames: readonly number[]): number {
  const gaps = frames.slice(1).map((t, i) => t - frames[i]!);
  return median(gaps);
}

/** Frame figures for [start, end] (page clock, ms), using the frames that fall in it. */
export function frameStats(
  frames: readonly number[],
  start: number,
  end: number,
  interval: number,
): FrameStats {
  const inside = frames.filter((t) => t >= start && t <= end + interval);
  const points = [start, ...inside];
  let dropped = 0;
  let late = 0;
  let longestGap = 0;
  for (let i = 1; i < points.length; i++) {
    const gap = points[i]! - points[i - 1]!;
    longestGap = Math.max(longestGap, gap);
    if (gap > 1.5 * interval) {
      late++;
      dropped += Math.round(gap / interval) - 1;
    }
  }
  return { expected: Math.max(1, Math.round((end - start) / interval)), dropped, late, longestGap };
}
