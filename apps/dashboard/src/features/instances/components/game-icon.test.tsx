import { describe, expect, it } from 'vitest';
import type { Game } from '@hearth/protocol';
import { gameLabel } from './game-icon.tsx';

// The look of a game comes from the protocol's handlerGameTypeOf (the key the wizard and the core's
// URLs use), so a variant reads the same on every screen.
describe('gameLabel', () => {
  it.each<[Game, string]>([
    [{ type: 'MinecraftJava', variant: { type: 'Vanilla' } }, 'Minecraft Java (Vanilla)'],
    [{ type: 'MinecraftJava', variant: { type: 'Paper' } }, 'Minecraft Paper'],
    [{ type: 'MinecraftJava', variant: { type: 'Forge' } }, 'Minecraft Forge'],
    [{ type: 'MinecraftJava', variant: { type: 'Fabric' } }, 'Minecraft Fabric'],
    [{ type: 'MinecraftJava', variant: { type: 'Spigot' } }, 'Minecraft Spigot'],
    [{ type: 'MinecraftBedrock' }, 'Minecraft Bedrock'],
    [{ type: 'Generic', game_name: 'squid', game_display_name: 'Squid' }, 'Squid'],
  ])('%j reads %s', (game, label) => {
    expect(gameLabel(game)).toBe(label);
  });
});
