import type { ConfigurableValueType } from '@hearth/protocol';
import { booleanType, enumType, stringType, unsignedType } from './manifest-helpers.ts';

export interface KnownProperty {
  name: string;
  description: string;
  type: ConfigurableValueType;
  secret?: boolean;
}

const bool = (name: string, description: string): KnownProperty => ({
  name,
  description,
  type: booleanType(),
});
const port = (name: string, description: string): KnownProperty => ({
  name,
  description,
  type: unsignedType(0, 65535),
});
const count = (name: string, description: string): KnownProperty => ({
  name,
  description,
  type: unsignedType(),
});
const text = (name: string, description: string, secret = false): KnownProperty => ({
  name,
  description,
  type: stringType(),
  ...(secret ? { secret } : {}),
});

/** The typed server.properties keys of core-api.md §3.8; everything else is a String setting. */
export const KNOWN_PROPERTIES: Readonly<Record<string, KnownProperty>> = {
  'enable-jmx-monitoring': bool(
    'Enable JMX Monitoring',
    'Expose server tick times as a JMX MBean.',
  ),
  'enable-command-block': bool('Enable Command Blocks', 'Allow command blocks to run commands.'),
  'enable-query': bool('Enable Query', 'Answer GameSpy4 query requests on the query port.'),
  'enforce-secure-profile': bool(
    'Enforce Secure Profile',
    'Only let in players with a Mojang-signed public key.',
  ),
  pvp: bool('PvP', 'Let players damage each other.'),
  'generate-structures': bool(
    'Generate Structures',
    'Generate villages, temples and other structures.',
  ),
  'require-resource-pack': bool(
    'Require Resource Pack',
    'Disconnect players who decline the resource pack.',
  ),
  'use-native-transport': bool(
    'Use Native Transport',
    'Use the Linux epoll network transport when available.',
  ),
  'online-mode': bool('Online Mode', 'Check every player against Mojang’s account servers.'),
  'enable-status': bool(
    'Enable Status',
    'Show the server as online in the multiplayer server list.',
  ),
  'allow-flight': bool(
    'Allow Flight',
    'Do not kick players who fly (needed by some mods and plugins).',
  ),
  'broadcast-rcon-to-ops': bool(
    'Broadcast RCON to Ops',
    'Show commands sent over RCON to online operators.',
  ),
  'allow-nether': bool('Allow Nether', 'Let players travel to the Nether.'),
  'enable-rcon': bool('Enable RCON', 'Accept remote console connections on the RCON port.'),
  'sync-chunk-writes': bool(
    'Sync Chunk Writes',
    'Write chunk files synchronously (safer, slower).',
  ),
  'prevent-proxy-connections': bool(
    'Prevent Proxy Connections',
    'Kick players whose address differs from the one Mojang saw.',
  ),
  'hide-online-players': bool(
    'Hide Online Players',
    'Leave the player list out of status answers.',
  ),
  'force-gamemode': bool(
    'Force Gamemode',
    'Put players in the default game mode every time they join.',
  ),
  hardcore: bool('Hardcore', 'Players are set to spectator mode when they die.'),
  'white-list': bool('Whitelist', 'Only let in players on the whitelist.'),
  'broadcast-console-to-ops': bool(
    'Broadcast Console to Ops',
    'Show console command output to online operators.',
  ),
  'previews-chat': bool(
    'Preview Chat',
    'Let the server preview chat messages while they are typed.',
  ),
  'spawn-npcs': bool('Spawn NPCs', 'Spawn villagers.'),
  'spawn-animals': bool('Spawn Animals', 'Spawn animals.'),
  'spawn-monsters': bool('Spawn Monsters', 'Spawn hostile mobs.'),
  'enforce-whitelist': bool(
    'Enforce Whitelist',
    'Kick online players who are not on a reloaded whitelist.',
  ),

  'rcon.port': port('RCON Port', 'The port of the remote console.'),
  'query.port': port('Query Port', 'The port of the query listener.'),
  'server-port': port('Server Port', 'The port the server listens on.'),

  'max-chained-neighbor-updates': count(
    'Max Chained Neighbor Updates',
    'How many chained block updates run before the rest are skipped.',
  ),
  'network-compression-threshold': count(
    'Network Compression Threshold',
    'Packets at least this many bytes large are compressed.',
  ),
  'max-tick-time': count(
    'Max Tick Time',
    'Milliseconds a single tick may take before the watchdog stops the server.',
  ),
  'max-players': count('Max Players', 'The largest number of players online at the same time.'),
  'view-distance': count('View Distance', 'How many chunks around a player the server sends.'),
  'op-permission-level': count('Op Permission Level', 'The permission level operators get (1–4).'),
  'entity-broadcast-range-percentage': count(
    'Entity Broadcast Range Percentage',
    'How far away entities are sent to players, in percent of the default.',
  ),
  'simulation-distance': count(
    'Simulation Distance',
    'How many chunks around a player are ticked.',
  ),
  'player-idle-timeout': count(
    'Player Idle Timeout',
    'Minutes before idle players are kicked (0 = never).',
  ),
  'rate-limit': count(
    'Rate Limit',
    'Packets a player may send per second before being kicked (0 = no limit).',
  ),
  'function-permission-level': count(
    'Function Permission Level',
    'The permission level of datapack functions (1–4).',
  ),
  'spawn-protection': count(
    'Spawn Protection',
    'Radius around spawn that only operators may change (0 = off).',
  ),
  'max-world-size': count('Max World Size', 'Radius of the world border, in blocks.'),
  'max-build-height': count(
    'Max Build Height',
    'The highest block players can build at (old versions).',
  ),

  gamemode: {
    name: 'Gamemode',
    description: 'The game mode of new players.',
    type: enumType(['survival', 'creative', 'adventure', 'spectator']),
  },
  difficulty: {
    name: 'Difficulty',
    description: 'The difficulty of the world.',
    type: enumType(['peaceful', 'easy', 'normal', 'hard']),
  },

  'level-seed': text('Level Seed', 'Seed of the generated world (empty = random).'),
  'generator-settings': text(
    'Generator Settings',
    'JSON settings for customised world generation.',
  ),
  'level-name': text('Level Name', 'Folder name of the world.'),
  motd: text('MOTD', 'The message shown under the server name in the server list.'),
  'initial-disabled-packs': text(
    'Initial Disabled Packs',
    'Datapacks not enabled when the world is created.',
  ),
  'resource-pack-prompt': text(
    'Resource Pack Prompt',
    'Text shown when the resource pack is offered.',
  ),
  'server-ip': text('Server IP', 'Address to listen on (empty = all addresses).'),
  'resource-pack': text('Resource Pack', 'URL of a resource pack players are offered.'),
  'rcon.password': text('RCON Password', 'Password of the remote console.', true),
  'initial-enabled-packs': text(
    'Initial Enabled Packs',
    'Datapacks enabled when the world is created.',
  ),
  'level-type': text('Level Type', 'World preset, e.g. minecraft:normal or minecraft:flat.'),
  'text-filtering-config': text('Text Filtering Config', 'Settings of the chat filtering service.'),
  'resource-pack-sha1': text(
    'Resource Pack SHA-1',
    'SHA-1 of the resource pack, to check the download.',
  ),
};
