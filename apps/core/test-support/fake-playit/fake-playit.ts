import { startFakeApi } from './fake-api.ts';
import { FakeControl, sessionKey } from './fake-control.ts';
import { FakeState, type ApiFault, type FakeTunnel } from './fake-state.ts';
import { FakeTunnelServer } from './fake-tunnels.ts';
import { FakeUdpServer } from './fake-udp.ts';

export type { ApiFault, FakeTunnel } from './fake-state.ts';

export interface FakePlayitOptions {
  /** Claims are accepted as soon as they are first polled (for end-to-end runs). */
  autoAcceptClaims?: boolean;
  /** The `assigned_domain` of every tunnel (default `127.0.0.1`, so the address really works). */
  assignedDomain?: string;
  /** A player the agent has not claimed within this time is dropped (default 3 s). */
  claimTimeoutMs?: number;
  /** A session that has not pinged for this long gets no players (default 3 s). */
  sessionStaleMs?: number;
}

export interface FakePlayit {
  /** `HEARTH_PLAYIT_API_URL` */
  apiUrl: string;
  /** `HEARTH_PLAYIT_CONTROL_ADDR` (`127.0.0.1:<udp port>`) */
  controlAddr: string;
  /** A claim page base; nothing listens there, the test plays the person. */
  claimPageUrl: string;
  state: FakeState;
  control: FakeControl;
  tunnelServer: FakeTunnelServer;
  udpServer: FakeUdpServer;
  /** Sets a claim's state; without a code, the most recently polled claim. Returns the code. */
  acceptClaim(code?: string): string;
  rejectClaim(code?: string): string;
  expireClaim(code?: string): string;
  /** The person opened the claim page (`WaitingForUser`). */
  visitClaim(code?: string): string;
  /** Secrets handed out by claim exchanges. */
  secrets(): string[];
  /** Makes a secret unknown to the API and the control server. */
  revokeKey(secret: string): void;
  /** Makes API answers fail (all paths, or only `paths`) until called with null. */
  setApiFault(fault: ApiFault | null, paths?: string[]): void;
  /** A tunnel with a public port on 127.0.0.1 (TCP, UDP or both on the same number). */
  addTunnel(t: {
    name: string;
    localPort: number;
    localIp?: string;
    proto?: FakeTunnel['proto'];
  }): Promise<FakeTunnel>;
  removeTunnel(name: string): Promise<void>;
  tunnel(name: string): FakeTunnel;
  /** Stops the control server (sessions are forgotten); `startControl` binds the same port again. */
  stopControl(): Promise<void>;
  startControl(): Promise<void>;
  restartControl(downMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts the whole fake on 127.0.0.1: API (HTTP), control server (UDP), tunnel server (TCP). */
export async function startFakePlayit(options: FakePlayitOptions = {}): Promise<FakePlayit> {
  const state = new FakeState();
  state.autoAccept = options.autoAcceptClaims ?? false;
  if (options.assignedDomain) state.assignedDomain = options.assignedDomain;
  const control = new FakeControl(state, options.sessionStaleMs ?? 3_000);
  await control.start();
  const controlPort = control.port;
  const api = await startFakeApi(state, () => control.address);
  const tunnelServer = new FakeTunnelServer(control, options.claimTimeoutMs ?? 3_000);
  await tunnelServer.start();
  const udpServer = new FakeUdpServer(() => {
    const live = control.liveSession();
    return live ? sessionKey(live.id) : null;
  });
  await udpServer.start();
  control.udp = udpServer;

  const tunnel = (name: string) => {
    const found = state.tunnels.find((t) => t.name === name);
    if (!found) throw new Error(`fake playit: no tunnel named ${name}`);
    return found;
  };

  return {
    apiUrl: api.url,
    controlAddr: `127.0.0.1:${controlPort}`,
    claimPageUrl: `${api.url}/claim`,
    state,
    control,
    tunnelServer,
    udpServer,
    acceptClaim: (code) => state.setClaim(code, 'accepted'),
    rejectClaim: (code) => state.setClaim(code, 'rejected'),
    expireClaim: (code) => state.setClaim(code, 'expired'),
    visitClaim: (code) => state.setClaim(code, 'waiting'),
    secrets: () => state.agents.map((a) => a.secret),
    revokeKey(secret) {
      for (const agent of state.agents) if (agent.secret === secret) agent.revoked = true;
    },
    setApiFault(fault, paths) {
      state.apiFault = fault ? { fault, paths: paths ?? null } : null;
    },
    async addTunnel(t) {
      const proto = t.proto ?? 'tcp';
      const created = state.addTunnel({
        name: t.name,
        proto,
        localIp: t.localIp ?? '127.0.0.1',
        localPort: t.localPort,
        publicPort: 0,
      });
      if (proto !== 'udp') created.publicPort = await tunnelServer.open(created);
      if (proto !== 'tcp') created.publicPort = await udpServer.open(created, created.publicPort);
      return created;
    },
    async removeTunnel(name) {
      const t = tunnel(name);
      state.tunnels.splice(state.tunnels.indexOf(t), 1);
      await tunnelServer.closeTunnel(t);
      await udpServer.closeTunnel(t);
    },
    tunnel,
    stopControl: () => control.stop(),
    startControl: () => control.start(controlPort),
    async restartControl(downMs = 0) {
      await control.stop();
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      await control.start(controlPort);
    },
    async close() {
      await tunnelServer.close();
      await udpServer.close();
      await control.stop();
      await api.close();
    },
  };
}
