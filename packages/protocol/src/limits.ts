import { z } from 'zod/mini';

const MIB = 1024 * 1024;

/** Resource limits of one instance; every field is optional (absent = unlimited). */
export const ResourceLimitsSchema = z.partial(
  z.strictObject({
    /** Memory of the whole sandbox, RAM and swap together (bytes, at least 16 MiB). */
    memoryBytes: z
      .number()
      .check(z.int(), z.gte(16 * MIB, 'The memory limit must be at least 16 MiB')),
    /** CPU weight against the other instances when the CPU is busy: 1–10000, 100 is an equal share. */
    cpuWeight: z.number().check(z.int(), z.gte(1), z.lte(10_000)),
    /** Hard CPU cap in percent of one core (150 = one and a half cores). */
    cpuPercent: z.number().check(z.int(), z.gte(1), z.lte(100_000)),
    /** Processes and threads at once (a JVM uses dozens of threads). */
    maxProcesses: z
      .number()
      .check(z.int(), z.gte(8, 'The process limit must be at least 8'), z.lte(1_000_000)),
  }),
);
export type ResourceLimits = z.infer<typeof ResourceLimitsSchema>;
