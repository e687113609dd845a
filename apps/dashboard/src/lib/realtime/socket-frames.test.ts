import { afterEach, describe, expect, it, vi } from 'vitest';
import { PerformanceReportSchema } from '@hearth/protocol';
import { onFrame } from './socket-frames.ts';

const report = { memory_usage: 1024, disk_usage: null, cpu_usage: 12.5, start_time: 1700000000 };

afterEach(() => {
  vi.restoreAllMocks();
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
