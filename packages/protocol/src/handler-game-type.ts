import type { Game, HandlerGameType } from './instances.ts';

// Apart from instances.ts so that the home's game icons do not bring every instance schema (and
// zod) into the dashboard's first load.

/** Game → the handler key used in URLs (null for games created some other way). */
export function handlerGameTypeOf(game: Game): HandlerGameType | null {
  if (game.type === 'MinecraftBedrock') return 'MinecraftBedrock';
  if (game.type !== 'MinecraftJava') return null;
  switch (game.variant.type) {
    case 'Vanilla':
      return 'MinecraftJavaVanilla';
    case 'Fabric':
      return 'MinecraftFabric';
    case 'Forge':
      return 'MinecraftForge';
    case 'Paper':
      return 'MinecraftPaper';
    case 'Spigot':
    case 'Other':
      return null;
  }
}
