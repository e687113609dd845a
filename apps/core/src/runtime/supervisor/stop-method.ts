import { z } from 'zod';

/** How the core asks a server to stop: a console line on stdin, or a signal. */
export const StopMethodSchema = z.union(
  [
    z.strictObject({ command: z.string().min(1) }),
    z.strictObject({ signal: z.enum(['SIGTERM', 'SIGINT']) }),
  ],
  { error: 'must be { command: string } or { signal: "SIGTERM" | "SIGINT" }' },
);
export type StopMethod = z.output<typeof StopMethodSchema>;
