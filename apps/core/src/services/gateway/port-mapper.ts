/**
 * Opens ports on the network's gateway so players outside the LAN can reach a game server.
 * Failures are CoreErrors with the message the owner sees.
 */
export interface PortMapper {
  /** Maps external `port` to the same port on this machine, permanently. */
  openPort(port: number, protocol: 'TCP'): Promise<void>;
  /** One line for logs: how this mapper finds its gateway. */
  describe(): string;
}

/** Told to the gateway as the mapping's description (the reference says "Lodestone"). */
export const PORT_MAPPING_DESCRIPTION = 'Port opened by Hearth';
