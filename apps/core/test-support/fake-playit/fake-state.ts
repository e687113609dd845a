import { randomBytes, randomUUID } from 'node:crypto';

export type ClaimPhase = 'visit' | 'waiting' | 'accepted' | 'rejected' | 'expired' | 'exchanged';

export interface FakeAgent {
  id: string;
  /** The numeric id used on the control channel. */
  num: bigint;
  secret: string;
  revoked: boolean;
}

export interface FakeTunnel {
  id: string;
  internalId: number;
  name: string;
  proto: 'tcp' | 'udp' | 'both';
  localIp: string;
  localPort: number;
  /** The public port on 127.0.0.1 players connect to (= port_start). */
  publicPort: number;
}

export type ApiFault = 'malformed-json' | 'wrong-shape' | 'http-500' | 'hang';

/** What the fake API, control server and tunnel server share. */
export class FakeState {
  readonly account = 4242n;
  /** The HMAC key the API signs register requests with and the control server checks. */
  readonly controlSecret = randomBytes(32);
  readonly claims = new Map<string, ClaimPhase>();
  readonly claimOrder: string[] = [];
  readonly agents: FakeAgent[] = [];
  readonly tunnels: FakeTunnel[] = [];
  /** Every API call: path and whether it carried a known, valid key. */
  readonly apiCalls: { path: string; authorized: boolean }[] = [];
  apiFault: { fault: ApiFault; paths: string[] | null } | null = null;
  autoAccept = false;
  assignedDomain = '127.0.0.1';
  private nextTunnelId = 11;

  touchClaim(code: string): ClaimPhase {
    let phase = this.claims.get(code);
    if (!phase) {
      phase = this.autoAccept ? 'accepted' : 'visit';
      this.claims.set(code, phase);
      this.claimOrder.push(code);
    }
    return phase;
  }

  setClaim(code: string | undefined, phase: ClaimPhase): string {
    const target = code ?? this.claimOrder.at(-1);
    if (target === undefined) throw new Error('fake playit: no claim code has been polled yet');
    if (!this.claims.has(target)) this.claimOrder.push(target);
    this.claims.set(target, phase);
    return target;
  }

  createAgent(): FakeAgent {
    const agent: FakeAgent = {
      id: randomUUID(),
      num: BigInt(1000 + this.agents.length),
      secret: randomBytes(32).toString('hex'),
      revoked: false,
    };
    this.agents.push(agent);
    return agent;
  }

  agentByKey(header: string | undefined): FakeAgent | null {
    const m = /^Agent-Key (\S+)$/.exec(header ?? '');
    const agent = m ? this.agents.find((a) => a.secret === m[1]) : undefined;
    return agent && !agent.revoked ? agent : null;
  }

  addTunnel(t: Omit<FakeTunnel, 'id' | 'internalId'>): FakeTunnel {
    const tunnel = { ...t, id: randomUUID(), internalId: this.nextTunnelId++ };
    this.tunnels.push(tunnel);
    return tunnel;
  }
}
