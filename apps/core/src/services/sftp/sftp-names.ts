import { SFTP_SHORT_ID_LENGTH } from '@hearth/protocol';

// SFTP usernames name a Hearth user and an instance: `<username>.<short id>` (Pterodactyl's
// convention), the short id being the start of the instance's uuid. Hearth usernames may hold dots,
// short ids never do, so the last dot splits them.

/** An instance uuid as the letters and digits a short id is cut from (`INSTANCE_` left out). */
export function instanceIdOf(uuid: string): string {
  return uuid
    .replace(/^INSTANCE_/i, '')
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase();
}

/**
 * Each instance's short id: the first SFTP_SHORT_ID_LENGTH (8) characters of its id, or as many
 * more as it takes to tell it from every other instance.
 */
export function shortIds(uuids: readonly string[]): Map<string, string> {
  const ids = uuids.map((uuid) => [uuid, instanceIdOf(uuid)] as const);
  const out = new Map<string, string>();
  for (const [uuid, id] of ids) {
    let length = Math.min(SFTP_SHORT_ID_LENGTH, id.length);
    for (const [other, otherId] of ids) {
      if (other === uuid) continue;
      while (length < id.length && otherId.startsWith(id.slice(0, length))) length++;
    }
    out.set(uuid, id.slice(0, length));
  }
  return out;
}

/** `alice.1a2b3c4d` → its parts; null when there is no dot or either side is empty. */
export function parseSftpUsername(login: string): { username: string; shortId: string } | null {
  const dot = login.lastIndexOf('.');
  if (dot <= 0 || dot === login.length - 1) return null;
  return { username: login.slice(0, dot), shortId: login.slice(dot + 1).toLowerCase() };
}

/**
 * The instance a short id names: the one whose id starts with it. At least SFTP_SHORT_ID_LENGTH
 * characters, and exactly one match (two instances sharing the start are told apart by longer ids).
 */
export function instanceOfShortId(shortId: string, uuids: readonly string[]): string | null {
  const wanted = shortId.toLowerCase();
  if (!/^[a-z0-9]+$/.test(wanted)) return null;
  const matches = uuids.filter((uuid) => {
    const id = instanceIdOf(uuid);
    return wanted.length >= Math.min(SFTP_SHORT_ID_LENGTH, id.length) && id.startsWith(wanted);
  });
  return matches.length === 1 ? matches[0]! : null;
}
