import { z } from 'zod/mini';

// The one access answer the first screen reads (whether two-factor sign-in is on, for the
// enrolment banner), apart from access.ts: a module is not split between the entry chunk and the
// chunks that load later, so keeping it there put every API-key and session schema in the first load.

/** GET /user/:uid/two_factor */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** A secret was made (setup) and waits for its first code to turn two-factor sign-in on. */
  pending: z.boolean(),
  enabled_at: z.nullable(z.number()),
  recovery_codes_left: z.number(),
  /** The owner requires two-factor sign-in of everyone on this core. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;
