import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { accountTunnel, runTunnel } from './fake-api-bodies.ts';
import type { FakeAgent, FakeState } from './fake-state.ts';
import { signedRegisterRequest, type Addr } from './fake-wire.ts';

/**
 * playit's agent API on 127.0.0.1: JSON POSTs answered with `{"status","data"}` (api_client
 * `api.rs`). Claim codes move through the states the test sets; accepted claims exchange for a
 * fresh agent secret; register requests are signed with the control server's key.
 */

type Body = Record<string, unknown>;
type Reply = { status: number; body: unknown };

const ok = (data: unknown): Reply => ({ status: 200, body: { status: 'success', data } });
const fail = (data: string): Reply => ({ status: 200, body: { status: 'fail', data } });
const authError: Reply = {
  status: 401,
  body: { status: 'error', data: { type: 'auth', message: 'InvalidAgentKey' } },
};

function parseAddr(text: unknown): Addr | null {
  if (typeof text !== 'string') return null;
  const m = /^\[([^\]]+)\]:(\d+)$/.exec(text) ?? /^([^:]+):(\d+)$/.exec(text);
  return m ? { host: m[1] ?? '', port: Number(m[2]) } : null;
}

function route(
  state: FakeState,
  path: string,
  body: Body,
  agent: FakeAgent | null,
  control: Addr,
): Reply {
  switch (path) {
    case '/claim/setup': {
      if (typeof body.code !== 'string' || !/^[0-9a-f]{2,64}$/.test(body.code))
        return fail('InvalidCode');
      if (typeof body.version === 'string' && body.version.length > 64)
        return fail('VersionTextTooLong');
      const phase = state.touchClaim(body.code);
      const answers = {
        visit: 'WaitingForUserVisit',
        waiting: 'WaitingForUser',
        accepted: 'UserAccepted',
        exchanged: 'UserAccepted',
        rejected: 'UserRejected',
      } as const;
      return phase === 'expired' ? fail('CodeExpired') : ok(answers[phase]);
    }
    case '/claim/exchange': {
      const code = typeof body.code === 'string' ? body.code : '';
      const phase = state.claims.get(code);
      if (phase === undefined) return fail('CodeNotFound');
      if (phase === 'expired') return fail('CodeExpired');
      if (phase === 'rejected') return fail('UserRejected');
      if (phase !== 'accepted') return fail(phase === 'exchanged' ? 'CodeNotFound' : 'NotAccepted');
      state.claims.set(code, 'exchanged');
      return ok({ secret_key: state.createAgent().secret });
    }
  }
  if (!agent) return authError;
  switch (path) {
    case '/agents/rundata':
      return ok({
        agent_id: agent.id,
        agent_type: 'assignable',
        account_status: 'ready',
        tunnels: state.tunnels.map((t) => runTunnel(state, t)),
        pending: [],
        account_features: { regional_tunnels: false },
      });
    case '/tunnels/list':
      return ok({
        tunnels: state.tunnels.map((t) => accountTunnel(state, t, agent)),
        tcp_alloc: { allowed: 4, claimed: state.tunnels.length, desired: state.tunnels.length },
        udp_alloc: { allowed: 4, claimed: 0, desired: 0 },
      });
    case '/agents/routing/get':
      return ok({ agent_id: agent.id, targets4: [control.host], targets6: [], disable_ip6: false });
    case '/proto/register': {
      const clientAddr = parseAddr(body.client_addr);
      const tunnelAddr = parseAddr(body.tunnel_addr);
      if (!clientAddr || !tunnelAddr)
        return {
          status: 400,
          body: { status: 'error', data: { type: 'validation', message: 'bad address' } },
        };
      const key = signedRegisterRequest(
        {
          protoVersion: 2n,
          account: state.account,
          agent: agent.num,
          agentVersion: 1n,
          timestamp: BigInt(Date.now()),
          clientAddr,
          tunnelAddr,
        },
        state.controlSecret,
      );
      return ok({ key: key.toString('hex') });
    }
    default:
      return {
        status: 404,
        body: { status: 'error', data: { type: 'path-not-found', message: { path } } },
      };
  }
}

export interface FakeApi {
  url: string;
  close(): Promise<void>;
}

export async function startFakeApi(state: FakeState, control: () => Addr): Promise<FakeApi> {
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const agent = state.agentByKey(req.headers.authorization);
      state.apiCalls.push({ path, authorized: agent !== null });
      const fault = state.apiFault;
      if (fault && (fault.paths === null || fault.paths.includes(path))) {
        if (fault.fault === 'hang') {
          hanging.add(res);
          res.on('close', () => hanging.delete(res));
          return;
        }
        if (fault.fault === 'http-500') {
          res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
          return;
        }
        const text =
          fault.fault === 'malformed-json'
            ? '{"status":"succ'
            : '{"status":"success","data":{"x":1}}';
        res.writeHead(200, { 'content-type': 'application/json' }).end(text);
        return;
      }
      let body: Body = {};
      try {
        const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        if (parsed && typeof parsed === 'object') body = parsed as Body;
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            status: 'error',
            data: { type: 'validation', message: 'invalid json' },
          }),
        );
        return;
      }
      const reply =
        req.method === 'POST'
          ? route(state, path, body, agent, control())
          : { status: 405, body: null };
      res
        .writeHead(reply.status, { 'content-type': 'application/json' })
        .end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
