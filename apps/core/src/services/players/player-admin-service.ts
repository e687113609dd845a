import { setTimeout as sleep } from 'node:timers/promises';
import {
  causeName,
  playerActionProblem,
  playerActionTarget,
  playerActionWay,
  type CausedBy,
  type PlayerAction,
  type PlayerActionKind,
  type PlayerActionResult,
  type PlayerActionWay,
  type PlayerLists,
} from '@hearth/protocol';
import { CoreError, badRequest } from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { FileSandbox } from '../../lib/file-sandbox.ts';
import { SerialQueue } from '../../lib/serial-queue.ts';
import { dashedUuid, offlineUuid } from '../../runtime/minecraft/mojang-profile.ts';
import {
  ACTION_LIST,
  commandFor,
  supportOf,
  type PlayerAdmin,
  type PlayerListKind,
} from '../../runtime/players/player-admin.ts';
import type { InstanceService } from '../instance-service.ts';
import {
  bannedIpEntry,
  bannedIpsOf,
  bannedPlayerEntry,
  bannedPlayersOf,
  indexOfIp,
  indexOfPlayer,
  operatorEntry,
  operatorsOf,
  parseListFile,
  readSwitch,
  serializeListFile,
  whitelistEntry,
  whitelistOf,
  writeSwitch,
  type RawEntry,
} from './player-list-files.ts';

/** Largest list file read: ~40,000 bans (a real server's lists are KiB). */
export const PLAYER_LIST_MAX_BYTES = 8 * 1024 * 1024;
/** How long a command's effect is looked for in the server's files before answering unconfirmed. */
export const CONFIRM_MS = 2000;
const CONFIRM_POLL_MS = 100;

/** "This game cannot {what} from the panel". */
const WHAT: Record<PlayerActionKind, string> = {
  kick: 'kick players',
  ban: 'ban players',
  pardon: 'pardon players',
  ban_ip: 'ban IP addresses',
  pardon_ip: 'pardon IP addresses',
  op: 'make operators',
  deop: 'remove operators',
  whitelist_add: 'add to the whitelist',
  whitelist_remove: 'remove from the whitelist',
  whitelist_on: 'turn the whitelist on',
  whitelist_off: 'turn the whitelist off',
};

/** Why an action has nothing to do (its effect is already there). */
function nothingToDo(action: PlayerAction): string {
  const who = playerActionTarget(action) ?? '';
  switch (action.action) {
    case 'kick':
      return `${who} is not online`;
    case 'ban':
    case 'ban_ip':
      return `${who} is already banned`;
    case 'pardon':
    case 'pardon_ip':
      return `${who} is not banned`;
    case 'op':
      return `${who} is already an operator`;
    case 'deop':
      return `${who} is not an operator`;
    case 'whitelist_add':
      return `${who} is already on the whitelist`;
    case 'whitelist_remove':
      return `${who} is not on the whitelist`;
    case 'whitelist_on':
      return 'The whitelist is already on';
    case 'whitelist_off':
      return 'The whitelist is already off';
  }
}

/** Actions whose effect is an entry being present (the others remove one). */
const ADDS: ReadonlySet<PlayerActionKind> = new Set(['ban', 'ban_ip', 'op', 'whitelist_add']);

export interface PlayerAdminDeps {
  instances: InstanceService;
  events: EventBus;
  /** Mojang's uuid for a name (null: no such account, or no answer in time). */
  onlineUuid: (name: string) => Promise<string | null>;
  now?: () => number;
}

type FileRead = { content: string | null; problem: null } | { content: null; problem: string };

function lastCause(err: CoreError): string {
  return err.causes[err.causes.length - 1] ?? err.message;
}

/**
 * Kick, ban, op and whitelist (issue 27). A running server gets console commands and stays the
 * source of truth (it writes its own files; the answer says whether they showed the change); a
 * stopped one has its files edited here, atomically and in its own format, while the instance is
 * held so it cannot start half-way. Every file is read and written through the file sandbox.
 */
export class PlayerAdminService {
  private readonly edits = new SerialQueue();

  constructor(private readonly deps: PlayerAdminDeps) {}

  async lists(uuid: string): Promise<PlayerLists> {
    const admin = await this.deps.instances.playerAdmin(uuid);
    const folder = this.folder(uuid);
    const problems: string[] = [];
    const list = async <T>(kind: PlayerListKind, shape: (raw: RawEntry[]) => T[]) => {
      const file = admin?.files[kind];
      if (!file) return null;
      const read = await this.readList(folder, file);
      if ('problem' in read) {
        problems.push(read.problem);
        return null;
      }
      return shape(read.entries);
    };
    const [banned_players, banned_ips, ops, whitelist, whitelist_enabled] = await Promise.all([
      list('banned_players', bannedPlayersOf),
      list('banned_ips', bannedIpsOf),
      list('ops', operatorsOf),
      list('whitelist', whitelistOf),
      this.switchState(folder, admin, problems),
    ]);
    return {
      support: supportOf(admin),
      whitelist_enabled,
      banned_players,
      banned_ips,
      ops,
      whitelist,
      problems,
    };
  }

  async act(uuid: string, action: PlayerAction, causedBy: CausedBy): Promise<PlayerActionResult> {
    const admin = await this.deps.instances.playerAdmin(uuid);
    const what = WHAT[action.action];
    const state = this.deps.instances.state(uuid);
    switch (playerActionProblem(supportOf(admin)[action.action], state)) {
      case 'unsupported':
        throw badRequest(`This game cannot ${what} from the panel`);
      case 'busy':
        throw badRequest(
          `The server is ${state.toLowerCase()}: try again once it is running or stopped`,
        );
      case 'needs_running':
        throw badRequest(`This game can ${what} only while the server is running`);
      case 'needs_stopped':
        throw badRequest(`This game can ${what} only while the server is stopped`);
      case null:
        break;
    }
    const way = playerActionWay(state);
    if (admin === null || way === null) throw badRequest(`This game cannot ${what} from the panel`);
    const result =
      way === 'command'
        ? await this.byCommand(uuid, admin, action, causedBy)
        : await this.byFile(uuid, admin, action, causedBy);
    this.record(uuid, action, way, causedBy);
    return result;
  }

  // Running: console commands

  private async byCommand(
    uuid: string,
    admin: PlayerAdmin,
    action: PlayerAction,
    causedBy: CausedBy,
  ): Promise<PlayerActionResult> {
    // A list that cannot be read only skips the check: the server judges the command itself.
    if ((await this.isDone(uuid, admin, action)) === true) throw badRequest(nothingToDo(action));
    const template = admin.commands[action.action];
    if (template === undefined) throw badRequest(`This game cannot ${WHAT[action.action]}`);
    this.deps.instances.writePlayerCommand(uuid, commandFor(template, action), causedBy);
    const deadline = Date.now() + CONFIRM_MS;
    for (;;) {
      const done = await this.isDone(uuid, admin, action).catch(() => null);
      if (done === null) return { via: 'command', confirmed: false };
      if (done) return { via: 'command', confirmed: true };
      if (Date.now() >= deadline) return { via: 'command', confirmed: false };
      await sleep(CONFIRM_POLL_MS);
    }
  }

  /** Whether the action's effect is there (kick: the player is gone); null when it cannot be told. */
  private async isDone(
    uuid: string,
    admin: PlayerAdmin,
    action: PlayerAction,
  ): Promise<boolean | null> {
    if (action.action === 'kick') {
      let online;
      try {
        online = this.deps.instances.players(uuid);
      } catch {
        return null;
      }
      const name = action.name.toLowerCase();
      return !online.some((p) => p.name.toLowerCase() === name);
    }
    const folder = this.folder(uuid);
    const list = ACTION_LIST[action.action];
    if (list === 'switch') {
      const on = await this.switchState(folder, admin, []);
      return on === null ? null : on === (action.action === 'whitelist_on');
    }
    const file = list === null ? undefined : admin.files[list];
    if (file === undefined) return null;
    const read = await this.readList(folder, file);
    if ('problem' in read) return null;
    const present =
      'ip' in action
        ? indexOfIp(read.entries, action.ip) !== -1
        : 'name' in action && indexOfPlayer(read.entries, { name: action.name }) !== -1;
    return ADDS.has(action.action) ? present : !present;
  }

  // Stopped: the server's own files

  private byFile(
    uuid: string,
    admin: PlayerAdmin,
    action: PlayerAction,
    causedBy: CausedBy,
  ): Promise<PlayerActionResult> {
    return this.edits.run(uuid, async () => {
      // Held while the file is written: a start now is refused rather than reading half an edit.
      const release = this.deps.instances.hold(uuid, 'saving its player lists');
      try {
        if (playerActionWay(this.deps.instances.state(uuid)) !== 'file')
          throw badRequest('The server is starting: try again once it is running or stopped');
        const folder = this.folder(uuid);
        const list = ACTION_LIST[action.action];
        if (list === 'switch') await this.editSwitch(folder, admin, action);
        else if (list !== null) await this.editList(folder, admin, list, action, causedBy);
        return { via: 'file', confirmed: true };
      } finally {
        release();
      }
    });
  }

  private async editList(
    folder: FileSandbox,
    admin: PlayerAdmin,
    list: PlayerListKind,
    action: PlayerAction,
    causedBy: CausedBy,
  ): Promise<void> {
    const file = admin.files[list];
    if (file === undefined) throw badRequest(`This game cannot ${WHAT[action.action]}`);
    const read = await this.readList(folder, file);
    if ('problem' in read) throw badRequest(read.problem);
    const entries = read.entries;
    const source = causeName(causedBy);
    const at = (this.deps.now ?? Date.now)();
    const reason = 'reason' in action ? (action.reason ?? null) || null : null;
    if ('ip' in action) {
      const index = indexOfIp(entries, action.ip);
      if (ADDS.has(action.action)) {
        if (index !== -1) throw badRequest(nothingToDo(action));
        entries.push(bannedIpEntry(action.ip, { source, reason, at }));
      } else {
        if (index === -1) throw badRequest(nothingToDo(action));
        entries.splice(index, 1);
      }
    } else if ('name' in action) {
      const index = indexOfPlayer(entries, { name: action.name });
      if (ADDS.has(action.action)) {
        if (index !== -1) throw badRequest(nothingToDo(action));
        const who = { name: action.name, uuid: await this.uuidOf(action.name, admin) };
        if (list === 'banned_players') entries.push(bannedPlayerEntry(who, { source, reason, at }));
        else if (list === 'ops') entries.push(operatorEntry(who, admin.opLevel));
        else entries.push(whitelistEntry(who));
      } else {
        if (index === -1) throw badRequest(nothingToDo(action));
        entries.splice(index, 1);
      }
    }
    await folder.writeAtomic(file, serializeListFile(entries), {}, `Could not write ${file}`);
  }

  private async editSwitch(
    folder: FileSandbox,
    admin: PlayerAdmin,
    action: PlayerAction,
  ): Promise<void> {
    const sw = admin.whitelistSwitch;
    if (sw === null) throw badRequest(`This game cannot ${WHAT[action.action]}`);
    const read = await this.readText(folder, sw.file);
    if (read.problem !== null) throw badRequest(read.problem);
    const on = action.action === 'whitelist_on';
    if (readSwitch(read.content, sw) === on) throw badRequest(nothingToDo(action));
    await folder.writeAtomic(
      sw.file,
      writeSwitch(read.content, sw, on),
      {},
      `Could not write ${sw.file}`,
    );
  }

  /** The uuid a list stores for a name: Mojang's for an online-mode game (which must know it), else the offline one. */
  private async uuidOf(name: string, admin: PlayerAdmin): Promise<string> {
    if (admin.uuids === 'offline') return dashedUuid(offlineUuid(name));
    const online = await this.deps.onlineUuid(name);
    if (online === null)
      throw badRequest(
        `No Minecraft account named ${name} was found (this server is in online mode)`,
      );
    return dashedUuid(online);
  }

  // Reading through the file sandbox

  private folder(uuid: string): FileSandbox {
    return new FileSandbox(this.deps.instances.folder(uuid));
  }

  /** A file's text; null content when it does not exist; a problem in words when it cannot be used. */
  private async readText(folder: FileSandbox, file: string): Promise<FileRead> {
    try {
      const bytes = await folder.readRegular(file, PLAYER_LIST_MAX_BYTES, `Could not read ${file}`);
      return { content: bytes.toString('utf8'), problem: null };
    } catch (err) {
      if (!(err instanceof CoreError) || err.kind === 'Internal') throw err;
      if (err.kind === 'NotFound') return { content: null, problem: null };
      return { content: null, problem: `${file}: ${lastCause(err)}` };
    }
  }

  private async readList(
    folder: FileSandbox,
    file: string,
  ): Promise<{ entries: RawEntry[] } | { problem: string }> {
    const read = await this.readText(folder, file);
    if (read.problem !== null) return { problem: read.problem };
    if (read.content === null) return { entries: [] };
    const entries = parseListFile(read.content);
    return entries === null
      ? { problem: `${file}: not a JSON list in the server's format` }
      : { entries };
  }

  private async switchState(
    folder: FileSandbox,
    admin: PlayerAdmin | null,
    problems: string[],
  ): Promise<boolean | null> {
    const sw = admin?.whitelistSwitch;
    if (!sw) return null;
    const read = await this.readText(folder, sw.file);
    if (read.problem !== null) {
      problems.push(read.problem);
      return null;
    }
    const on = readSwitch(read.content, sw);
    if (on === null) problems.push(`${sw.file}: not a JSON object`);
    return on;
  }

  private record(
    uuid: string,
    action: PlayerAction,
    via: PlayerActionWay,
    causedBy: CausedBy,
  ): void {
    this.deps.events.record(
      {
        type: 'PlayerAction',
        action: action.action,
        instance_uuid: uuid,
        instance_name: this.deps.instances.name(uuid),
        target: playerActionTarget(action),
        reason: ('reason' in action ? action.reason : null) || null,
        via,
      },
      causedBy,
    );
  }
}
