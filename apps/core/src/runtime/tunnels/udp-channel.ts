import dgram from 'node:dgram';
import { sameAddress, type SocketAddress } from './control-codec.ts';
import { sameIp } from './control-socket.ts';
import { appendFlow, parseChannelDatagram, type UdpFlow } from './udp-flow.ts';

/** Defaults from the official agent (agent_core `udp_channel.rs`, `playit_agent.rs`). */
export interface UdpChannelTiming {
  /** The token is sent again this often while the channel works… */
  establishEveryMs: number;
  /** …and this often once no confirmation came for `establishLostMs`. */
  establishRetryMs: number;
  establishLostMs: number;
}

export const DEFAULT_UDP_CHANNEL_TIMING: UdpChannelTiming = {
  establishEveryMs: 10_000,
  establishRetryMs: 3_000,
  establishLostMs: 15_000,
};

export interface UdpChannelDetails {
  tunnelAddr: SocketAddress;
  token: Buffer;
}

/**
 * The agent's UDP channel to the tunnel server: one socket that sends the session token the
 * control channel handed out (the server answers with the establish id) and then carries every
 * tunnelled datagram with its flow footer.
 */
export class UdpChannel {
  private socket: dgram.Socket | null = null;
  private family: 'udp4' | 'udp6' | null = null;
  private details: UdpChannelDetails | null = null;
  private lastSent = 0;
  private lastConfirmed = 0;
  private readonly timer: ReturnType<typeof setInterval>;
  private closed = false;

  constructor(
    private readonly onFlow: (flow: UdpFlow, payload: Buffer) => void,
    private readonly onBadDatagram: (reason: string) => void,
    private readonly timing: UdpChannelTiming = DEFAULT_UDP_CHANNEL_TIMING,
  ) {
    this.timer = setInterval(() => this.maybeEstablish(), 1_000);
  }

  /** Ms since the server last confirmed the channel, or null if it never did. */
  sinceConfirmed(): number | null {
    return this.lastConfirmed === 0 ? null : Date.now() - this.lastConfirmed;
  }

  /** New details from the control channel: (re)open the socket if needed and send the token. */
  update(details: UdpChannelDetails): void {
    if (this.closed) return;
    const old = this.details;
    const same =
      old && sameAddress(old.tunnelAddr, details.tunnelAddr) && old.token.equals(details.token);
    this.details = details;
    const family = details.tunnelAddr.ip.includes(':') ? 'udp6' : 'udp4';
    if (!this.socket || this.family !== family) this.open(family);
    if (!same || Date.now() - this.lastConfirmed > 5_000) this.establish();
  }

  send(flow: UdpFlow, payload: Buffer): void {
    const d = this.details;
    if (!d || !this.socket) return;
    this.socket.send(appendFlow(payload, flow), d.tunnelAddr.port, d.tunnelAddr.ip);
  }

  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    this.socket?.close();
    this.socket = null;
  }

  private open(type: 'udp4' | 'udp6'): void {
    this.socket?.close();
    const socket = dgram.createSocket(type);
    socket.on('message', (msg, from) => this.receive(msg, from));
    // A send error means a lost datagram; UDP callers live with that.
    socket.on('error', () => undefined);
    socket.bind(0);
    this.socket = socket;
    this.family = type;
  }

  private receive(msg: Buffer, from: dgram.RemoteInfo): void {
    const d = this.details;
    if (!d || from.port !== d.tunnelAddr.port || !sameIp(from.address, d.tunnelAddr.ip)) return;
    const parsed = parseChannelDatagram(msg);
    switch (parsed.kind) {
      case 'establish':
        this.lastConfirmed = Date.now();
        return;
      case 'flow':
        return this.onFlow(parsed.flow, parsed.payload);
      case 'invalid':
        return this.onBadDatagram(parsed.reason);
    }
  }

  private maybeEstablish(): void {
    if (!this.details) return;
    const lost = Date.now() - this.lastConfirmed >= this.timing.establishLostMs;
    const every = lost ? this.timing.establishRetryMs : this.timing.establishEveryMs;
    if (Date.now() - this.lastSent >= every) this.establish();
  }

  private establish(): void {
    const d = this.details;
    if (!d || !this.socket) return;
    this.lastSent = Date.now();
    this.socket.send(d.token, d.tunnelAddr.port, d.tunnelAddr.ip);
  }
}
