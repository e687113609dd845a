import { z } from 'zod';

/**
 * The parts of playit's agent API answers that Hearth reads (api_client `api.rs`). Unknown fields
 * are ignored so a provider that adds fields keeps working; a field Hearth uses that is missing or
 * of the wrong type makes the whole answer malformed.
 */

const port = z.number().int().min(0).max(65535);

/** `{"status":"success"|"fail"|"error","data":…}` around every answer. */
export function apiEnvelope<S extends z.ZodType, F extends z.ZodType>(success: S, fail: F) {
  return z.discriminatedUnion('status', [
    z.object({ status: z.literal('success'), data: success }),
    z.object({ status: z.literal('fail'), data: fail }),
    z.object({
      status: z.literal('error'),
      data: z.object({ type: z.string(), message: z.unknown().optional() }),
    }),
  ]);
}

/** Only an error is possible besides success (the endpoint declares no fail reasons). */
export const NoFailSchema = z.never();

export const ClaimSetupStateSchema = z.enum([
  'WaitingForUserVisit',
  'WaitingForUser',
  'UserAccepted',
  'UserRejected',
]);
export type ClaimSetupState = z.infer<typeof ClaimSetupStateSchema>;

/** `InvalidCode`, `CodeExpired`, `VersionTextTooLong` today; kept open for new reasons. */
export const ClaimSetupFailSchema = z.string();

export const AgentSecretKeySchema = z.object({ secret_key: z.string().min(1) });

/** `CodeNotFound`, `CodeExpired`, `UserRejected`, `NotAccepted`, `NotSetup` today. */
export const ClaimExchangeFailSchema = z.string();

export const PortTypeSchema = z.enum(['tcp', 'udp', 'both']);
export type PlayitPortType = z.infer<typeof PortTypeSchema>;

export const AgentTunnelSchema = z.object({
  id: z.string(),
  internal_id: z.number().int().nonnegative(),
  name: z.string().nullish(),
  port: z.object({ from: port, to: port }),
  proto: PortTypeSchema,
  local_ip: z.string().min(1),
  local_port: port,
  assigned_domain: z.string(),
  custom_domain: z.string().nullish(),
  disabled: z.string().nullish(),
});
export type AgentTunnel = z.infer<typeof AgentTunnelSchema>;

export const AgentRunDataSchema = z.object({
  agent_id: z.string(),
  tunnels: z.array(AgentTunnelSchema),
});
export type AgentRunData = z.infer<typeof AgentRunDataSchema>;

const TunnelAllocSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  z.object({ status: z.literal('disabled'), data: z.unknown().optional() }),
  z.object({
    status: z.literal('allocated'),
    data: z.object({ assigned_domain: z.string(), port_start: port, port_end: port }),
  }),
]);

export const AccountTunnelSchema = z.object({
  id: z.string(),
  name: z.string().nullish(),
  port_type: PortTypeSchema,
  active: z.boolean(),
  alloc: TunnelAllocSchema,
  origin: z
    .object({
      type: z.string(),
      data: z.object({ local_ip: z.string().optional(), local_port: port.nullish() }),
    })
    .nullish(),
});
export type AccountTunnel = z.infer<typeof AccountTunnelSchema>;

export const AccountTunnelsSchema = z.object({ tunnels: z.array(AccountTunnelSchema) });
export type AccountTunnels = z.infer<typeof AccountTunnelsSchema>;

export const AgentRoutingSchema = z.object({
  targets4: z.array(z.ipv4()),
  targets6: z.array(z.ipv6()),
});
export type AgentRouting = z.infer<typeof AgentRoutingSchema>;

export const SignedAgentKeySchema = z.object({ key: z.string().regex(/^(?:[0-9a-fA-F]{2})+$/) });

/** `UnknownPlayitVersion`, `DisabledByUser`, `AgentDisabledOverLimit`, `AccountBanned` today. */
export const ProtoRegisterFailSchema = z.string();
