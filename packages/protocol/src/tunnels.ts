import { z } from 'zod/mini';

/** core-api.md §2.16 */
export const PlayitTunnelInfoSchema = z.object({
  local_ip: z.string(),
  local_port: z.number(),
  tunnel_id: z.string(),
  name: z.string(),
  server_address: z.string(),
  active: z.boolean(),
});
export type PlayitTunnelInfo = z.infer<typeof PlayitTunnelInfoSchema>;

export const PlayitSignupDataSchema = z.object({ url: z.string(), claim_code: z.string() });
export type PlayitSignupData = z.infer<typeof PlayitSignupDataSchema>;

export const PortTypeSchema = z.enum(['tcp', 'udp', 'both']);
export const PlayitTunnelParamsSchema = z.object({
  local_port: z.number(),
  port_type: PortTypeSchema,
});

/** core-api.md §1.4.18: `verify_key` and `cli_is_running` answer a bare JSON bool. */
export const PlayitFlagSchema = z.boolean();
