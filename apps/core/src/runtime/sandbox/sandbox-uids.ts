// Which uid a dropped sandbox (root core) runs as. Each instance has a uid (= gid) of its own,
// BASE + its slot, so no two instances share an identity and no host account (nobody included) owns
// an instance folder. Runs that belong to no instance (the boot probe, describing a new definition
// in a scratch folder) run as BASE itself, which owns no instance folder.
//
// The range is chosen above what hosts hand out: login.defs' UID_MAX (60000) and SUB_UID_MAX
// (600100000, the subordinate ranges of useradd), systemd's dynamic users (61184–65519) and its
// container range (524288–1879048191), and below systemd's "foreign" range (from 2147352576) and
// the 2^31 mark some tools read as negative. The host is still checked at boot (`rangeClashes`).
import { readFile } from 'node:fs/promises';

export const SANDBOX_UID_BASE = 2_000_000_000;
/** Slots 1…MAX_SANDBOX_SLOT are instances' (allocated once, never handed out again). */
export const MAX_SANDBOX_SLOT = 100_000_000;

/** An instance's uid from its slot. */
export function sandboxUidOfSlot(slot: number): number {
  if (!Number.isInteger(slot) || slot < 1 || slot > MAX_SANDBOX_SLOT)
    throw new Error(`Sandbox slot ${slot} is outside 1…${MAX_SANDBOX_SLOT}`);
  return SANDBOX_UID_BASE + slot;
}

/** Where the core keeps which instance has which slot (repositories/sandbox-uid-repository.ts). */
export interface SandboxUids {
  /** The uid of `owner` (an instance uuid), allocated on first use and the same from then on. */
  uidOf(owner: string): Promise<number>;
}

const inRange = (id: number) => id >= SANDBOX_UID_BASE && id <= SANDBOX_UID_BASE + MAX_SANDBOX_SLOT;

/**
 * Host accounts and subordinate ranges that reach into the sandbox range, one sentence each:
 * `/etc/passwd`, `/etc/group` (third field) and `/etc/subuid`, `/etc/subgid` (`name:start:count`).
 */
export function rangeClashes(files: {
  passwd?: string;
  group?: string;
  subuid?: string;
  subgid?: string;
}): string[] {
  const found: string[] = [];
  const ids = (text: string | undefined, what: string) => {
    for (const line of (text ?? '').split('\n')) {
      const fields = line.split(':');
      const id = Number(fields[2]);
      if (fields.length >= 3 && fields[2] !== '' && inRange(id))
        found.push(`${what} ${fields[0]} has id ${id}`);
    }
  };
  const ranges = (text: string | undefined, what: string) => {
    for (const line of (text ?? '').split('\n')) {
      const [name, startText, countText] = line.split(':');
      const start = Number(startText);
      const count = Number(countText);
      if (!Number.isFinite(start) || !Number.isFinite(count) || count <= 0) continue;
      if (start <= SANDBOX_UID_BASE + MAX_SANDBOX_SLOT && start + count - 1 >= SANDBOX_UID_BASE)
        found.push(`${what} of ${name} (${start}, ${count} ids)`);
    }
  };
  ids(files.passwd, 'the user');
  ids(files.group, 'the group');
  ranges(files.subuid, 'the subordinate uid range');
  ranges(files.subgid, 'the subordinate gid range');
  return found;
}

/** `rangeClashes` for this host's files (a missing file has nothing in the range). */
export async function hostRangeClashes(etc = '/etc'): Promise<string[]> {
  const read = (name: string) => readFile(`${etc}/${name}`, 'utf8').catch(() => undefined);
  const [passwd, group, subuid, subgid] = await Promise.all(
    ['passwd', 'group', 'subuid', 'subgid'].map(read),
  );
  return rangeClashes({ passwd, group, subuid, subgid });
}
