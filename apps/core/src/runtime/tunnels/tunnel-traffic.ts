import type { NewClient } from './control-codec.ts';
import { TcpClients, type TcpTiming, type TunnelClientEvent } from './tcp-clients.ts';
import type { TunnelRouter } from './tunnel-router.ts';
import { UdpChannel, type UdpChannelDetails, type UdpChannelTiming } from './udp-channel.ts';
import { UdpClients } from './udp-clients.ts';

export interface TrafficTiming extends TcpTiming, UdpChannelTiming {
  /** UDP channel details are asked for again this often while the channel is not confirmed. */
  udpRequestEveryMs: number;
  /** A confirmation older than this counts as stale (the official agent: 6 s). */
  udpStaleMs: number;
  udpIdleMs: number;
}

export const DEFAULT_TRAFFIC_TIMING: Omit<TrafficTiming, keyof TcpTiming> = {
  establishEveryMs: 10_000,
  establishRetryMs: 3_000,
  establishLostMs: 15_000,
  udpRequestEveryMs: 5_000,
  udpStaleMs: 6_000,
  udpIdleMs: 60_000,
};

export interface TunnelTrafficOptions {
  router: TunnelRouter;
  onEvent: (event: TunnelClientEvent) => void;
  /** Sends SetupUdpChannel on the control channel (answered through `udpChannelDetails`). */
  requestUdpChannel: () => void;
  timing?: Partial<TrafficTiming>;
}

/** Everything that carries players: TCP claims and pipes, the UDP channel and its local sockets. */
export class TunnelTraffic {
  private readonly tcp: TcpClients;
  private readonly udp: UdpClients;
  private readonly channel: UdpChannel;
  private readonly udpTimer: ReturnType<typeof setInterval>;
  private lastUdpRequest = 0;

  constructor(options: TunnelTrafficOptions) {
    const t = { ...DEFAULT_TRAFFIC_TIMING, ...options.timing };
    const { router } = options;
    this.tcp = new TcpClients({
      route: (client) => router.route((l) => l.find(client), client.tunnelId),
      onEvent: options.onEvent,
      timing: options.timing,
    });
    this.channel = new UdpChannel(
      (flow, payload) => this.udp.handle(flow, payload),
      () => undefined, // a stray datagram on the channel is dropped, as the official agent does
      t,
    );
    this.udp = new UdpClients({
      route: (flow) =>
        router.route((l) => l.findUdp(flow.tunnelId, flow.portOffset), flow.tunnelId),
      send: (flow, payload) => this.channel.send(flow, payload),
      onEvent: options.onEvent,
      idleMs: t.udpIdleMs,
    });
    this.udpTimer = setInterval(
      () => {
        const since = this.channel.sinceConfirmed();
        const stale = since === null || since >= t.udpStaleMs;
        if (stale && Date.now() - this.lastUdpRequest >= t.udpRequestEveryMs) {
          this.lastUdpRequest = Date.now();
          options.requestUdpChannel();
        }
      },
      Math.min(1_000, t.udpRequestEveryMs),
    );
  }

  newClient(client: NewClient): void {
    this.tcp.handle(client);
  }

  udpChannelDetails(details: UdpChannelDetails): void {
    this.channel.update(details);
  }

  get activeConnections(): number {
    return this.tcp.activeConnections + this.udp.activeClients;
  }

  get bufferedBytes(): number {
    return this.tcp.bufferedBytes;
  }

  /** Closes every pipe and UDP socket; resolves when every TCP socket is closed. */
  async close(): Promise<void> {
    clearInterval(this.udpTimer);
    this.channel.close();
    this.udp.closeAll();
    await this.tcp.closeAll();
  }
}
