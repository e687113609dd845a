import { CoreError, external } from '../../errors.ts';
import {
  encodePing,
  encodeSignedRegister,
  formatAddress,
  type AgentSessionId,
  type ControlResponse,
  type Pong,
  type SocketAddress,
} from './control-codec.ts';
import { ControlSocket } from './control-socket.ts';

/** The request id of the first ping (the official agent uses 1 as well). */
export const INITIAL_PING_ID = 1n;

export interface Registration {
  session: AgentSessionId;
  /** Local epoch ms. */
  expiresAt: number;
}

/** Signs a register request for the flow the control server reported (the provider's API). */
export type SignRegister = (flow: {
  clientAddr: SocketAddress;
  tunnelAddr: SocketAddress;
}) => Promise<Buffer>;

export function causesOf(err: unknown): string[] {
  if (err instanceof CoreError) return err.causes;
  if (err instanceof Error && err.message) return [err.message];
  return ['Unknown error'];
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Pings each target in turn (IPv4 three times, IPv6 once, as the official agent does) and keeps the
 * socket of the first that answers with a pong. Null when aborted.
 */
export async function connectFirst(
  targets: SocketAddress[],
  waitMs: number,
  signal: AbortSignal,
  onBadDatagram: (reason: string) => void,
): Promise<{ socket: ControlSocket; pong: Pong } | null> {
  for (const target of targets) {
    const socket = await ControlSocket.open(target, onBadDatagram);
    const attempts = target.ip.includes(':') ? 1 : 3;
    for (let i = 0; i < attempts && !signal.aborted; i += 1) {
      const ping = encodePing(INITIAL_PING_ID, {
        now: BigInt(Date.now()),
        currentPing: null,
        session: null,
      });
      const sent = await socket.send(ping).then(
        () => true,
        () => false,
      );
      if (!sent) break;
      const pong = await socket.waitFor(
        (f) =>
          f.kind === 'response' && f.requestId === INITIAL_PING_ID && f.response.type === 'Pong'
            ? f.response
            : undefined,
        waitMs,
        signal,
      );
      if (pong) return { socket, pong };
    }
    socket.close();
    if (signal.aborted) return null;
  }
  throw external(
    'No answer from the playit control server',
    targets.map(formatAddress).join(', ') || 'no address',
  );
}

type RegisterAnswer = Extract<
  ControlResponse,
  {
    type:
      'AgentRegistered' | 'InvalidSignature' | 'Unauthorized' | 'RequestQueued' | 'TryAgainLater';
  }
>;

function registerAnswer(r: ControlResponse): RegisterAnswer | undefined {
  switch (r.type) {
    case 'AgentRegistered':
    case 'InvalidSignature':
    case 'Unauthorized':
    case 'RequestQueued':
    case 'TryAgainLater':
      return r;
    default:
      return undefined;
  }
}

const REFUSED = 'The playit control server refused the agent registration';

/**
 * Registers this agent for the flow in `pong`: the signed request from the API goes out with a
 * fresh request id, up to five times, until the server answers. Null when aborted.
 */
export async function register(
  socket: ControlSocket,
  pong: Pong,
  sign: SignRegister,
  waitMs: number,
  signal: AbortSignal,
): Promise<Registration | null> {
  const signed = await sign({ clientAddr: pong.clientAddr, tunnelAddr: pong.tunnelAddr });
  const requestId = BigInt(Date.now());
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (signal.aborted) return null;
    await socket.send(encodeSignedRegister(requestId, signed));
    const answer = await socket.waitFor(
      (f) =>
        f.kind === 'response' && f.requestId === requestId ? registerAnswer(f.response) : undefined,
      waitMs,
      signal,
    );
    if (answer === null) continue;
    switch (answer.type) {
      case 'AgentRegistered': {
        // The server's clock may differ from ours: count from its `now` in the pong.
        const left = Number(answer.expiresAt - pong.serverNow);
        return { session: answer.session, expiresAt: Date.now() + Math.max(0, left) };
      }
      case 'InvalidSignature':
        throw external(REFUSED, 'Invalid signature');
      case 'Unauthorized':
        throw external(REFUSED, 'Unauthorized (the address it saw changed)');
      case 'RequestQueued':
      case 'TryAgainLater':
        await sleep(1_000, signal);
        break;
    }
  }
  if (signal.aborted) return null;
  throw external(
    'No answer to the agent registration from the playit control server',
    socket.label,
  );
}
