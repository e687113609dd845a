import { z } from 'zod/mini';

/** core-api.md §2.14 */
export const DiskUsageSchema = z.object({
  total_written_bytes: z.number(),
  written_bytes: z.number(),
  total_read_bytes: z.number(),
  read_bytes: z.number(),
});
export const PerformanceReportSchema = z.object({
  memory_usage: z.nullable(z.number()),
  disk_usage: z.nullable(DiskUsageSchema),
  cpu_usage: z.nullable(z.number()),
  start_time: z.nullable(z.number()),
});
export type PerformanceReport = z.infer<typeof PerformanceReportSchema>;
