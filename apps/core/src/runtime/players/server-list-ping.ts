import { status } from 'minecraft-server-util';

export interface PingResult {
  online: number;
  max: number;
  /** The players the server chose to list (often capped at 12, empty when it hides them). */
  sample: { name: string; uuid: string | null }[];
}

/** Dashed or undashed → the 32 lower-case hex digits of the wire (core-api.md §2.9); null if not a uuid. */
export function normalizeUuid(id: string): string | null {
  const hex = id.replace(/-/g, '').toLowerCase();
  return /^[0-9a-f]{32}$/.test(hex) ? hex : null;
}

/** A Server List Ping on 127.0.0.1:<port>; null when nothing answers in time. Never rejects. */
export async function pingMinecraft(port: number, timeoutMs = 1500): Promise<PingResult | null> {
  try {
    const res = await status('127.0.0.1', port, { timeout: timeoutMs, enableSRV: false });
    return {
      online: res.players.online,
      max: res.players.max,
      sample: (res.players.sample ?? []).map((p) => ({ name: p.name, uuid: normalizeUuid(p.id) })),
    };
  } catch {
    return null;
  }
}
