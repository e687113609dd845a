import type { NewClient } from './control-codec.ts';
import type { AgentRunData, PlayitPortType } from './playit-api-schemas.ts';

/** A tunnel of this agent, as the provider's run data describes it. */
export interface PlayitAgentTunnel {
  id: string;
  /** The number the control server names in a new-client notification (decimal text). */
  internalId: string;
  name: string;
  proto: PlayitPortType;
  localIp: string;
  localPort: number;
  /** Public ports `[publicPortStart, publicPortStart + portCount)`. */
  publicPortStart: number;
  portCount: number;
  assignedDomain: string;
}

export interface LocalTarget {
  host: string;
  port: number;
}

/**
 * Decides where a tunnelled connection goes on this machine. The core defaults it to the
 * instance the tunnel names; returning null refuses the connection.
 */
export type ResolveLocal = (
  tunnel: PlayitAgentTunnel,
  portOffset: number,
) => LocalTarget | null | Promise<LocalTarget | null>;

/** The provider's own answer: the tunnel's local address, shifted by the port offset. */
export const defaultResolveLocal: ResolveLocal = (tunnel, portOffset) => {
  const port = tunnel.localPort + portOffset;
  if (port < 1 || port > 65535) return null;
  return { host: tunnel.localIp, port };
};

/** Finds the tunnel a new client arrived on, from the latest run data. */
export class OriginLookup {
  private byId = new Map<string, PlayitAgentTunnel>();

  update(runData: AgentRunData): void {
    const next = new Map<string, PlayitAgentTunnel>();
    for (const t of runData.tunnels) {
      if (t.disabled) continue;
      const tunnel: PlayitAgentTunnel = {
        id: t.id,
        internalId: String(t.internal_id),
        name: t.name ?? '',
        proto: t.proto,
        localIp: t.local_ip,
        localPort: t.local_port,
        publicPortStart: t.port.from,
        portCount: Math.max(1, t.port.to - t.port.from),
        assignedDomain: t.custom_domain ?? t.assigned_domain,
      };
      next.set(tunnel.internalId, tunnel);
    }
    this.byId = next;
  }

  list(): PlayitAgentTunnel[] {
    return [...this.byId.values()];
  }

  /** The UDP tunnel a tunnelled datagram belongs to, or null. */
  findUdp(
    tunnelId: bigint,
    portOffset: number,
  ): { tunnel: PlayitAgentTunnel; portOffset: number } | null {
    const tunnel = this.byId.get(tunnelId.toString());
    if (!tunnel || tunnel.proto === 'tcp' || portOffset >= tunnel.portCount) return null;
    return { tunnel, portOffset };
  }

  /** The TCP tunnel and port offset a client belongs to, or null when none matches. */
  find(client: NewClient): { tunnel: PlayitAgentTunnel; portOffset: number } | null {
    if (client.tunnelId !== 0n) {
      const tunnel = this.byId.get(client.tunnelId.toString());
      if (!tunnel || tunnel.proto === 'udp' || client.portOffset >= tunnel.portCount) return null;
      return { tunnel, portOffset: client.portOffset };
    }
    // The old notification names no tunnel: match the public port it arrived on.
    const port = client.connectAddr.port;
    for (const tunnel of this.byId.values()) {
      if (tunnel.proto === 'udp') continue;
      const offset = port - tunnel.publicPortStart;
      if (offset >= 0 && offset < tunnel.portCount) return { tunnel, portOffset: offset };
    }
    return null;
  }
}
