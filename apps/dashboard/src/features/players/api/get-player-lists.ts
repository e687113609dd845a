import { z } from 'zod/mini';
import { useQuery } from '@tanstack/react-query';
import {
  BannedIpSchema,
  BannedPlayerSchema,
  OperatorSchema,
  PlayerListsSchema,
  WhitelistEntrySchema,
  routePath,
} from '@hearth/protocol';
import type { PlayerLists } from '@hearth/protocol';
import { ApiError, apiCall, routeUrl } from '@/lib/api-client.ts';
import { instanceQueryOptions } from '@/lib/api-queries.ts';

/** While the server runs it changes its own lists (an operator in game): look again this often. */
export const RUNNING_REFRESH_MS = 5000;

/** Entries checked per task: 10,000 bans are checked in ten short tasks, not one long one. */
export const ENTRIES_PER_TASK = 1000;

/** The answer with its lists not yet looked into (they are checked slice by slice). */
const ShellSchema = z.object({
  ...PlayerListsSchema.shape,
  banned_players: z.nullable(z.array(z.unknown())),
  banned_ips: z.nullable(z.array(z.unknown())),
  ops: z.nullable(z.array(z.unknown())),
  whitelist: z.nullable(z.array(z.unknown())),
});

/** Lets the page draw and answer input before the next slice (not throttled like a timer). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

async function checkList<T>(
  schema: z.ZodMiniType<T>,
  list: readonly unknown[] | null,
): Promise<T[] | null> {
  if (list === null) return null;
  const slice = z.array(schema);
  const out: T[] = [];
  for (let start = 0; start < list.length; start += ENTRIES_PER_TASK) {
    if (start > 0) await nextTask();
    out.push(...slice.parse(list.slice(start, start + ENTRIES_PER_TASK)));
  }
  return out;
}

/**
 * Every entry is checked with the protocol's schemas, as any answer is, but a slice at a time:
 * a server with 10,000 bans must not hold the page for one long task (bench/players-render.ts).
 */
export async function parsePlayerLists(data: unknown): Promise<PlayerLists> {
  const shell = ShellSchema.parse(data);
  return {
    ...shell,
    banned_players: await checkList(BannedPlayerSchema, shell.banned_players),
    banned_ips: await checkList(BannedIpSchema, shell.banned_ips),
    ops: await checkList(OperatorSchema, shell.ops),
    whitelist: await checkList(WhitelistEntrySchema, shell.whitelist),
  };
}

/**
 * The last answer read and what it gave, by URL. While the server runs the lists are read every
 * 5 s and a quiet server answers the same text each time: that answer is not parsed or checked
 * again, and gives the same object, so nothing downstream (rows, the virtualized list, a player
 * menu) is made again — a 2 MB answer of 10,000 bans parsed every 5 s held the page for long
 * tasks while the ban list scrolled (bench/players-render.ts). One slot: the Overview and the
 * Players tab read the same instance's lists.
 */
let lastAnswer: { url: string; text: string; lists: PlayerLists } | null = null;

/** GET /instance/:uuid/players/lists: bans, operators, whitelist and what the game supports. */
export async function getPlayerLists(
  instanceUuid: string,
  signal?: AbortSignal,
): Promise<PlayerLists> {
  const path = routePath('playerLists', { uuid: instanceUuid });
  const url = routeUrl('playerLists', { uuid: instanceUuid });
  const text = await apiCall<'playerLists', string>(
    'playerLists',
    { uuid: instanceUuid },
    { responseType: 'text', signal },
  );
  if (lastAnswer?.url === url && lastAnswer.text === text) return lastAnswer.lists;
  let lists: PlayerLists;
  try {
    lists = await parsePlayerLists(JSON.parse(text));
  } catch (err) {
    console.error(`Unexpected response shape from ${path}`, err);
    throw new ApiError({ type: 'unknown' }, `Unexpected response from ${path}`);
  }
  lastAnswer = { url, text, lists };
  return lists;
}

export function getPlayerListsQueryOptions(instanceUuid: string) {
  return {
    ...instanceQueryOptions(instanceUuid, ['players', 'lists'], getPlayerLists),
    // An unchanged answer is already the same object (above); a changed one is new throughout,
    // and comparing 10,000 entries deeply to keep a few of them would be one long task.
    structuralSharing: false,
  };
}

export function usePlayerLists(instanceUuid: string, enabled: boolean, running: boolean) {
  return useQuery({
    ...getPlayerListsQueryOptions(instanceUuid),
    enabled,
    refetchInterval: running ? RUNNING_REFRESH_MS : false,
  });
}
