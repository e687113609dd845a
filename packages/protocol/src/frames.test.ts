import { describe, expect, it } from 'vitest';
import { parseFrame } from './frames.ts';
import { PerformanceReportSchema } from './monitor.ts';

const report = { memory_usage: 1024, disk_usage: null, cpu_usage: 12.5, start_time: 1700000000 };

describe('parseFrame', () => {
  it('gives the frame the schema accepts, null for another shape or for what is not JSON', () => {
    expect(parseFrame(PerformanceReportSchema, JSON.stringify(report))).toEqual(report);
    expect(parseFrame(PerformanceReportSchema, '{"memory_usage":"lots"}')).toBeNull();
    expect(parseFrame(PerformanceReportSchema, 'not json')).toBeNull();
  });
});
