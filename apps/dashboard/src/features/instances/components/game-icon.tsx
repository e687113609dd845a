import { t } from '@lingui/core/macro';
import { Box, Boxes, Hammer, Layers, Scroll, Shapes } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { handlerGameTypeOf, type Game, type HandlerGameType } from '@hearth/protocol';
import { cn } from '@/lib/cn.ts';

// Game icons are drawn locally (no image is fetched from anywhere): one glyph and tint per game.

interface GameLook {
  label: string;
  icon: LucideIcon;
  tint: string;
}

const LOOKS: Record<HandlerGameType | 'Generic' | 'Other', GameLook> = {
  MinecraftJavaVanilla: {
    label: 'Minecraft Java (Vanilla)',
    icon: Box,
    tint: 'bg-emerald-500/15 text-emerald-400',
  },
  MinecraftFabric: {
    label: 'Minecraft Fabric',
    icon: Scroll,
    tint: 'bg-amber-200/15 text-amber-200',
  },
  MinecraftForge: { label: 'Minecraft Forge', icon: Hammer, tint: 'bg-sky-500/15 text-sky-400' },
  MinecraftPaper: { label: 'Minecraft Paper', icon: Layers, tint: 'bg-rose-400/15 text-rose-300' },
  MinecraftBedrock: { label: 'Minecraft Bedrock', icon: Box, tint: 'bg-lime-500/15 text-lime-400' },
  Generic: { label: 'Docker Instance', icon: Boxes, tint: 'bg-violet-400/15 text-violet-300' },
  Other: { label: 'Game', icon: Shapes, tint: 'bg-raised text-muted' },
};

function lookKey(game: Game): keyof typeof LOOKS {
  if (game.type === 'Generic') return 'Generic';
  return handlerGameTypeOf(game) ?? 'Other';
}

/** A look's name in the active language: the game names are names, two are words. */
function lookLabel(key: keyof typeof LOOKS): string {
  if (key === 'Generic') return t`Docker Instance`;
  if (key === 'Other') return t`Game`;
  return LOOKS[key].label;
}

/** The name of a game key from /games, as the wizard lists it. */
export function gameKeyLabel(key: HandlerGameType): string {
  return lookLabel(key);
}

/** What an instance runs, in words ("Minecraft Paper", "Minecraft (flying-squid)"). */
export function gameLabel(game: Game): string {
  if (game.type === 'Generic') return game.game_display_name;
  if (game.type === 'MinecraftJava' && game.variant.type === 'Spigot') return 'Minecraft Spigot';
  if (game.type === 'MinecraftJava' && game.variant.type === 'Other')
    return `Minecraft ${game.variant.name}`;
  return lookLabel(lookKey(game));
}

const SIZES = {
  sm: 'size-6 rounded-md [&>svg]:size-3.5',
  md: 'size-9 rounded-lg [&>svg]:size-5',
  lg: 'size-12 rounded-xl [&>svg]:size-6',
};

export function GameIcon({
  game,
  gameKey,
  size = 'sm',
}: {
  game?: Game;
  gameKey?: HandlerGameType | 'Generic';
  size?: keyof typeof SIZES;
}) {
  const look = LOOKS[gameKey ?? (game ? lookKey(game) : 'Other')];
  const Icon = look.icon;
  return (
    <span
      aria-hidden
      className={cn('flex shrink-0 items-center justify-center', SIZES[size], look.tint)}
    >
      <Icon />
    </span>
  );
}
