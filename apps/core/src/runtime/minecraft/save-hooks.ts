import type { SaveHooks } from '../handlers/game-handler.ts';

/**
 * Vanilla, Paper, Fabric and Forge answer `save-all flush` with "Saved the game" (older servers:
 * "Saved the world", Bukkit: "Save complete."; 1.20+ may add "All dimensions are saved"). The
 * line must follow the logger's `]: ` directly and end the line, so a player chatting
 * "<Steve> Saved the game" does not count.
 */
export const MINECRAFT_SAVE_HOOKS: SaveHooks = {
  disable: ['save-off'],
  flush: 'save-all flush',
  savedLine: /\]: (?:Saved the (?:game|world)|All dimensions are saved|Save complete\.?)\s*$/,
  enable: ['save-on'],
  timeoutMs: 60_000,
};
