import { lstat } from 'node:fs/promises';
import { PROTECTED_EXTENSIONS, type FSOperation, type FSTarget } from '@hearth/protocol';
import { canPerform } from '../../auth/permission-guard.ts';
import { CoreError, permissionDenied, toCoreError } from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { isLimitedTask, type StoredUser } from '../../repositories/user-repository.ts';
import { MACROS_DIR, macrosEntryOf } from '../macros/macro-digest.ts';
import type { MacroTouch } from '../macros/macro-authors.ts';
import { userCause } from '../user-service.ts';
import { FileSandbox, normalizeClientPath } from '../../lib/file-sandbox.ts';
import { FileService, type FileServiceOptions } from './file-service.ts';
import { isProtectedPath } from './protected-path.ts';

/** Who wrote macro code (services/macros/macro-authors.ts): writes under `macros/` are recorded. */
export interface MacroCode {
  /** Runs `work` alone among the instance's macro writes and macro starts. */
  exclusive<T>(instanceUuid: string, work: () => Promise<T>): Promise<T>;
  /** Digests of the bytes under `macros/` nobody answers for (before a move or copy). */
  unknownBytes(instanceUuid: string, sandbox: FileSandbox): Promise<ReadonlySet<string>>;
  /** Records `uid` as the author of what a write touched (within `exclusive`, after it). */
  recordWrite(
    instanceUuid: string,
    sandbox: FileSandbox,
    uid: string,
    touched: MacroTouch,
    keepUnknown?: ReadonlySet<string>,
  ): Promise<void>;
}

/** What the instance file layer needs from the rest of the core (kept narrow for tests). */
export interface FileAccessDeps {
  /** Throws NotFound for an unknown uuid (InstanceService.get). */
  instances: { get(uuid: string): { dir: string } };
  events: EventBus;
  /** Throws for a deleted user (UserService.get). */
  users: { get(uid: string): StoredUser };
  /** Archive extraction caps for every instance. */
  limits: FileServiceOptions;
  macroCode: MacroCode;
}

const PROTECTED_LIST = PROTECTED_EXTENSIONS.map((e) => `.${e}`).join(', ');
export const PROTECTED_DENIAL = `You don't have permission to modify protected files (${PROTECTED_LIST}, files without an extension, mods folders)`;
/** Macro code runs with its starter's rights (bounded by its authors'): writing it is not file access. */
export const MACROS_DENIAL =
  "You don't have permission to change this instance's macros (files under macros/ need the macro permission as well as file write)";
const LIMITED_TASK = 'A macro may change macros only when its starter wrote all of its code';

/** `a ∪ b` of two touches (`all` wins; null is none). */
function mergeTouch(a: MacroTouch | null, b: MacroTouch | null): MacroTouch | null {
  if (a === null) return b;
  if (b === null) return a;
  if (a === 'all' || b === 'all') return 'all';
  return new Set([...a, ...b]);
}

/** What of `macros/` a client path names (`all` for `macros` itself), or null. */
export function touchOfPath(clientPath: string): MacroTouch | null {
  const normal = normalizeClientPath(clientPath);
  const where = macrosEntryOf(normal);
  if (where === null) return null;
  return where === 'whole' ? 'all' : new Set([normal.slice(MACROS_DIR.length + 1)]);
}

/** `["Failed to x", "reason"]` → `reason`; a single cause stays as it is. */
export function reasonOf(err: unknown): string {
  const causes = toCoreError(err).causes;
  const rest = causes.length > 1 && /^Failed to /.test(causes[0] ?? '') ? causes.slice(1) : causes;
  return rest.join(': ') || 'Unknown error';
}

/**
 * Where a client path really leads inside the root, every link followed: its client path and
 * whether it is a directory now (false for a missing path). Null when a link in it is broken or
 * leads outside: nothing of the instance is reached then, and the operation itself refuses it.
 */
async function finalTarget(
  service: FileService,
  relative: string,
): Promise<{ client: string; isDir: boolean } | null> {
  let absolute: string;
  try {
    absolute = await service.sandbox.resolve(relative);
  } catch (err) {
    if (err instanceof CoreError && err.kind === 'PermissionDenied') return null;
    throw err;
  }
  const isDir = await lstat(absolute).then(
    (st) => st.isDirectory(),
    () => false,
  );
  return { client: await service.sandbox.relative(absolute), isDir };
}

/**
 * The pieces every instance file operation shares: a FileService over the instance root, the
 * protected-path rule of core-api.md §1.4.14 (applied more widely than the reference: move, copy,
 * zip and unzip too) and FSEvents with absolute host paths.
 */
export class FileAccess {
  constructor(readonly deps: FileAccessDeps) {}

  /** A service over the instance's folder (NotFound for an unknown instance). */
  service(uuid: string): FileService {
    return new FileService(new FileSandbox(this.deps.instances.get(uuid).dir), this.deps.limits);
  }

  /**
   * The protected-path rule does not apply to callers that may write global files: the owner or a
   * holder of can_write_global_file. Safe mode does not change this (core-api.md §1.4.14).
   */
  mayWriteProtected(user: StoredUser): boolean {
    return canPerform(user, { type: 'WriteGlobalFile' }, false);
  }

  /** Refuses `relative` for an unprivileged caller when `isProtected` says so (lazily evaluated). */
  async requireUnprotected(
    user: StoredUser,
    relative: string,
    isProtected: () => boolean | Promise<boolean>,
  ): Promise<void> {
    if (this.mayWriteProtected(user)) return;
    if (await isProtected()) throw permissionDenied(PROTECTED_DENIAL, `${relative} is protected`);
  }

  /**
   * The rule for an existing-or-not path, looking at what is there now (file rule for a missing
   * path). A path is protected when its own name is, or when the place it really leads to (every
   * link followed) is: `notes.txt → server.jar` is as protected as `server.jar`.
   */
  async isProtectedNow(service: FileService, relative: string): Promise<boolean> {
    const target = await finalTarget(service, relative);
    const isDir = target?.isDir ?? false;
    if (isProtectedPath(relative, isDir)) return true;
    return target !== null && isProtectedPath(target.client, isDir);
  }

  /** The rule for a directory that receives files (copy and unzip destinations), link-aware. */
  async isProtectedDir(service: FileService, relative: string): Promise<boolean> {
    if (isProtectedPath(relative, true)) return true;
    const target = await finalTarget(service, relative);
    return target !== null && isProtectedPath(target.client, true);
  }

  /** The FSEvent target of a path: its absolute host path and whether it is a directory now. */
  async target(service: FileService, relative: string, followFinal = true): Promise<FSTarget> {
    const absolute = await service.sandbox.resolve(relative, { followFinal });
    const isDir = await lstat(absolute).then(
      (st) => st.isDirectory(),
      () => false,
    );
    return { type: isDir ? 'Directory' : 'File', path: absolute };
  }

  /**
   * Which entries of `macros/` writing `paths` would touch, judged by each name and by where it
   * really leads (every link followed): `code → macros` is as much macro code as `macros`.
   */
  async macroTouch(service: FileService, paths: readonly string[]): Promise<MacroTouch | null> {
    let touch: MacroTouch | null = null;
    for (const relative of paths) {
      touch = mergeTouch(touch, touchOfPath(relative));
      const target = await finalTarget(service, relative);
      if (target !== null) touch = mergeTouch(touch, touchOfPath(target.client));
    }
    return touch;
  }

  /**
   * Writing macro code needs the macro permission and file write on the instance, whatever else
   * the caller may do (its tasks run with its rights: a file-only user must not plant one); and a
   * task whose code not only its starter wrote may not pass itself off as that starter.
   */
  mayWriteMacros(user: StoredUser, uuid: string): boolean {
    return (
      canPerform(user, { type: 'AccessMacro', instance: uuid }, false) &&
      canPerform(user, { type: 'WriteInstanceFile', instance: uuid }, false) &&
      !isLimitedTask(user)
    );
  }

  /** Refuses a write under `macros/` (`touch` non-null) to a caller who may not write macros. */
  requireMacroWrite(
    user: StoredUser,
    uuid: string,
    touch: MacroTouch | null,
    relative: string,
  ): void {
    if (touch === null || this.mayWriteMacros(user, uuid)) return;
    throw permissionDenied(
      MACROS_DENIAL,
      isLimitedTask(user) ? LIMITED_TASK : `${relative} is macro code`,
    );
  }

  /**
   * Checks the paths a write will touch and refuses it under `macros/` for a caller who may not;
   * returns what to pass to `macroWrite`.
   */
  async guardMacros(
    user: StoredUser,
    uuid: string,
    service: FileService,
    paths: readonly string[],
  ): Promise<MacroTouch | null> {
    const touch = await this.macroTouch(service, paths);
    this.requireMacroWrite(user, uuid, touch, paths[0] ?? '.');
    return touch;
  }

  /**
   * Runs a write; when it touches `macros/`, alone among the instance's macro writes and starts,
   * and then records its author (`more` adds what the write turned out to touch). A write that
   * `carries` bytes (move, copy) leaves bytes nobody answered for unanswered for where they land.
   */
  async macroWrite<T>(
    user: StoredUser,
    uuid: string,
    service: FileService,
    touch: MacroTouch | null,
    work: () => Promise<T>,
    options: { more?: (result: T) => MacroTouch | null; carries?: boolean } = {},
  ): Promise<T> {
    const code = this.deps.macroCode;
    const run = async () => {
      const unknown =
        touch !== null && options.carries === true
          ? await code.unknownBytes(uuid, service.sandbox)
          : new Set<string>();
      const result = await work();
      const touched = mergeTouch(touch, options.more?.(result) ?? null);
      if (touched !== null) {
        await code.recordWrite(uuid, service.sandbox, user.uid, touched, unknown);
        // The macro list may have changed (a dashboard refetches it on this signal).
        this.deps.events.signal({ type: 'MacrosChanged', instance_uuid: uuid });
      }
      return result;
    };
    return touch === null ? run() : code.exclusive(uuid, run);
  }

  emit(user: StoredUser, operation: FSOperation, target: FSTarget): void {
    this.deps.events.emit({ type: 'FSEvent', operation, target }, { causedBy: userCause(user) });
  }
}
