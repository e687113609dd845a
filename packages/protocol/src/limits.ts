import { z } from 'zod';

const MIB = 1024 * 1024;

/** Resource limits of one instance; every field is optional (absent = unlimited). */
export const ResourceLimitsSchema = z
  .object({
    /** Memory of the whole sandbox, RAM and swap together (bytes, at least 16 MiB). */
    memoryBytes: z
      .number()
      .int()
      .min(16 * MIB, 'The memory limit must be at least 16 MiB'),
    /** CPU weight against the other instances when the CPU is busy: 1–10000, 100 is an equal share. */
    cpuWeight: z.number().int().min(1).max(10_000),
    /** Hard CPU cap in percent of one core (150 = one and a half cores). */
    cpuPercent: z.number().int().min(1).max(100_000),
    /** Processes and threads at once (a JVM uses dozens of threads). */
    maxProcesses: z.number().int().min(8, 'The process limit must be at least 8').max(1_000_000),
  })
  .partial()
  .strict();
export type ResourceLimits = z.infer<typeof ResourceLimitsSchema>;
