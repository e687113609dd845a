import { z } from 'zod';

/** core-api.md §2.14 */
export const DiskUsageSchema = z.object({
  total_written_bytes: z.number(),
  written_bytes: z.number(),
  total_read_bytes: z.number(),
  read_bytes: z.number(),
});
export const PerformanceReportSchema = z.object({
  memory_usage: z.number().nullable(),
  disk_usage: DiskUsageSchema.nullable(),
  cpu_usage: z.number().nullable(),
  start_time: z.number().nullable(),
});
export type PerformanceReport = z.infer<typeof PerformanceReportSchema>;
