import type { FakeAgent, FakeState, FakeTunnel } from './fake-state.ts';

/** The JSON shapes of playit's run data and tunnel list (api_client `api.rs`), filled from the fake's state. */

export function runTunnel(state: FakeState, t: FakeTunnel) {
  return {
    id: t.id,
    internal_id: t.internalId,
    name: t.name,
    ip_num: 1,
    region_num: 0,
    port: { from: t.publicPort, to: t.publicPort + 1 },
    proto: t.proto,
    local_ip: t.localIp,
    local_port: t.localPort,
    tunnel_type: 'minecraft-java',
    assigned_domain: state.assignedDomain,
    custom_domain: null,
    disabled: null,
    proxy_protocol: null,
    agent_config: { fields: [] },
  };
}

export function accountTunnel(state: FakeState, t: FakeTunnel, agent: FakeAgent) {
  return {
    id: t.id,
    tunnel_type: 'minecraft-java',
    created_at: '2024-01-01T00:00:00Z',
    name: t.name,
    port_type: t.proto,
    port_count: 1,
    alloc: {
      status: 'allocated',
      data: {
        id: t.id,
        ip_hostname: state.assignedDomain,
        static_ip4: null,
        static_ip6: '::1',
        assigned_domain: state.assignedDomain,
        assigned_srv: null,
        tunnel_ip: '127.0.0.1',
        port_start: t.publicPort,
        port_end: t.publicPort + 1,
        assignment: { type: 'shared-ip' },
        ip_type: 'both',
        region: 'global',
      },
    },
    origin: {
      type: 'agent',
      data: {
        agent_id: agent.id,
        agent_name: 'hearth',
        local_ip: t.localIp,
        local_port: t.localPort,
      },
    },
    domain: null,
    firewall_id: null,
    ratelimit: { bytes_per_second: null, packets_per_second: null },
    active: true,
    disabled_reason: null,
    region: null,
    expire_notice: null,
    proxy_protocol: null,
    hostname_verify_level: 'none',
    agent_over_limit: false,
  };
}
