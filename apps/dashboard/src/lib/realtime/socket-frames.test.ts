import { afterEach, describe, expect, it, vi } from 'vitest';
import { PerformanceReportSchema } from '@hearth/protocol';
import { onFrame, parseFrame } from './socket-frames.ts';

const report = { memory_usage: 1024, disk_usage: null, cpu_usage: 12.5, start_time: 1700000000 };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('parseFrame', () => {
  it('gives the frame the schema accepts, null for another shape or for what is not JSON', () => {
    expect(parseFrame(PerformanceReportSchema, JSON.stringify(report))).toEqual(report);
    expect(parseFrame(PerformanceReportSchema, '{"memory_usage":"lots"}')).toBeNull();
    expect(parseFrame(PerformanceReportSchema, 'not json')).toBeNull();
  });
});

describe('onFrame', () => {
  it('hands on the frames the schema accepts and warns about the others, naming the stream', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const handle = vi.fn();
    const onMessage = onFrame(PerformanceReportSchema, 'a monitor', handle);
    onMessage(JSON.stringify(report));
    expect(handle).toHaveBeenCalledWith(report);
    expect(warn).not.toHaveBeenCalled();
    onMessage('{"cpu_usage":"high"}');
    expect(handle).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('Ignoring a monitor frame that does not match the protocol');
  });
});
