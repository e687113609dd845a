import type { Game, HandlerGameType, MinecraftVariant } from '@hearth/protocol';

/** The Minecraft Java flavours Hearth can install (core-api.md §2.7). */
export type Flavour = 'vanilla' | 'fabric' | 'paper' | 'forge';

/** In the order `/games` lists them. */
export const FLAVOURS: readonly Flavour[] = ['vanilla', 'fabric', 'forge', 'paper'];

/** Why Spigot is missing from `/games`, for the route or dashboard to show. */
export const SPIGOT_UNAVAILABLE_REASON =
  'Spigot is not offered: it has no public download API, every server jar has to be compiled ' +
  'locally with BuildTools. Paper is a drop-in replacement that runs Spigot plugins.';

const DISPLAY_NAMES: Record<Flavour, string> = {
  vanilla: 'Vanilla',
  fabric: 'Fabric',
  paper: 'Paper',
  forge: 'Forge',
};

export function flavourDisplayName(flavour: Flavour): string {
  return DISPLAY_NAMES[flavour];
}

export function handlerGameTypeFor(flavour: Flavour): HandlerGameType {
  switch (flavour) {
    case 'vanilla':
      return 'MinecraftJavaVanilla';
    case 'fabric':
      return 'MinecraftFabric';
    case 'paper':
      return 'MinecraftPaper';
    case 'forge':
      return 'MinecraftForge';
  }
}

/** `null` for `MinecraftBedrock`, which Hearth rejects everywhere (core-api.md §2.7). */
export function flavourFromHandlerGameType(handler: HandlerGameType): Flavour | null {
  switch (handler) {
    case 'MinecraftJavaVanilla':
      return 'vanilla';
    case 'MinecraftFabric':
      return 'fabric';
    case 'MinecraftPaper':
      return 'paper';
    case 'MinecraftForge':
      return 'forge';
    case 'MinecraftBedrock':
      return null;
  }
}

export function variantFor(flavour: Flavour): MinecraftVariant {
  switch (flavour) {
    case 'vanilla':
      return { type: 'Vanilla' };
    case 'fabric':
      return { type: 'Fabric' };
    case 'paper':
      return { type: 'Paper' };
    case 'forge':
      return { type: 'Forge' };
  }
}

export function gameFor(flavour: Flavour): Game {
  return { type: 'MinecraftJava', variant: variantFor(flavour) };
}

/** `null` for games that are not an installable Minecraft Java flavour (Spigot, Other, Bedrock, Generic). */
export function flavourFromGame(game: Game): Flavour | null {
  if (game.type !== 'MinecraftJava') return null;
  switch (game.variant.type) {
    case 'Vanilla':
      return 'vanilla';
    case 'Fabric':
      return 'fabric';
    case 'Paper':
      return 'paper';
    case 'Forge':
      return 'forge';
    case 'Spigot':
    case 'Other':
      return null;
  }
}
