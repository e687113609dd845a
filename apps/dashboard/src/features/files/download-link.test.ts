import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_FRAME_LIFETIME_MS, startDownload } from './download-link.ts';

const frames = () => [...document.querySelectorAll('iframe')];

describe('startDownload', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    for (const frame of frames()) frame.remove();
  });

  it('gives each download its own hidden frame, so a second one cannot cancel the first', () => {
    startDownload('http://core.test/file/one');
    startDownload('http://core.test/file/two');
    expect(frames().map((frame) => frame.src)).toEqual([
      'http://core.test/file/one',
      'http://core.test/file/two',
    ]);
    for (const frame of frames()) {
      expect(frame.hidden).toBe(true);
      expect(frame.getAttribute('aria-hidden')).toBe('true');
      expect(frame.tabIndex).toBe(-1);
    }
  });

  it('leaves the page where it is and removes the frame once the download has had time to start', () => {
    const before = window.location.href;
    startDownload('http://core.test/file/one');
    expect(window.location.href).toBe(before);
    vi.advanceTimersByTime(DOWNLOAD_FRAME_LIFETIME_MS - 1);
    expect(frames()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(frames()).toHaveLength(0);
  });
});
