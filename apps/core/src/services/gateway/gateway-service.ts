import { PORT_MAX, PORT_MIN } from '@hearth/protocol';
import { badRequest } from '../../errors.ts';
import type { PortMapper } from './port-mapper.ts';

/** Reads the `:port` path segment: a plain decimal integer within 1–65535 (dashboard.md §5 wording). */
export function parsePort(raw: string): number {
  if (!/^\d{1,10}$/.test(raw)) throw badRequest('Port must be a number');
  const port = Number(raw);
  if (port < PORT_MIN || port > PORT_MAX)
    throw badRequest(`Port must be between ${PORT_MIN} and ${PORT_MAX}`);
  return port;
}

/** core-api.md §3.15: open a TCP port on the gateway (UDP is never mapped; nothing is closed or listed). */
export class GatewayService {
  constructor(private readonly mapper: PortMapper) {}

  async openPort(port: number): Promise<void> {
    await this.mapper.openPort(port, 'TCP');
  }

  describe(): string {
    return this.mapper.describe();
  }
}
