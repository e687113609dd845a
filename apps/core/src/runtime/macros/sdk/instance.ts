import type { Game, InstanceInfo, InstanceState, Player } from '@hearth/protocol';
import { HearthError, callRoute } from './client.ts';
import { MacroEventStream } from './event-stream.ts';
import { task } from './task-context.ts';

export interface WaitOptions {
  /** Give up (HearthError BadRequest) after this many milliseconds; default: wait forever. */
  timeoutMs?: number;
}

/**
 * One instance as the task's user may see and drive it. Every call goes to the core's API with
 * the task's token, so what the user who started the task may not do is refused here too
 * (HearthError with kind PermissionDenied).
 */
export class InstanceHandle {
  constructor(readonly uuid: string) {}

  info(): Promise<InstanceInfo> {
    return callRoute<InstanceInfo>('instanceInfo', { uuid: this.uuid });
  }

  state(): Promise<InstanceState> {
    return callRoute<InstanceState>('instanceState', { uuid: this.uuid });
  }

  async name(): Promise<string> {
    return (await this.info()).name;
  }

  async description(): Promise<string> {
    return (await this.info()).description;
  }

  async port(): Promise<number> {
    return (await this.info()).port;
  }

  async version(): Promise<string> {
    return (await this.info()).version;
  }

  async game(): Promise<Game> {
    return (await this.info()).game_type;
  }

  /** Absolute path of the instance folder (the task's working directory). */
  async path(): Promise<string> {
    return (await this.info()).path;
  }

  players(): Promise<Player[]> {
    return callRoute<Player[]>('players', { uuid: this.uuid });
  }

  async maxPlayers(): Promise<number | null> {
    return (await this.info()).max_player_count;
  }

  async start(): Promise<void> {
    await callRoute('instanceStart', { uuid: this.uuid });
  }

  async stop(): Promise<void> {
    await callRoute('instanceStop', { uuid: this.uuid });
  }

  async restart(): Promise<void> {
    await callRoute('instanceRestart', { uuid: this.uuid });
  }

  async kill(): Promise<void> {
    await callRoute('instanceKill', { uuid: this.uuid });
  }

  /** Writes one line to the server's console input (like the console tab). */
  async sendCommand(command: string): Promise<void> {
    await callRoute('instanceConsole', { uuid: this.uuid }, command);
  }

  async setName(name: string): Promise<void> {
    await callRoute('instanceName', { uuid: this.uuid }, name);
  }

  async setDescription(description: string): Promise<void> {
    await callRoute('instanceDescription', { uuid: this.uuid }, description);
  }

  async setAutoStart(autoStart: boolean): Promise<void> {
    await callRoute('instanceAutoStart', { uuid: this.uuid }, autoStart);
  }

  /** Resolves once the instance is in `state` (at once if it already is). */
  async waitForState(state: InstanceState, options: WaitOptions = {}): Promise<void> {
    const stream = await MacroEventStream.open({
      instanceUuid: this.uuid,
      types: ['StateChanged'],
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      if ((await this.state()) === state) return;
      const timeout = new Promise<never>((_, reject) => {
        if (options.timeoutMs === undefined) return;
        timer = setTimeout(() => {
          reject(new HearthError('BadRequest', [`Timed out waiting for the state ${state}`], 0));
        }, options.timeoutMs);
      });
      const reached = (async () => {
        for await (const event of stream) {
          if (event.type === 'StateChanged' && event.state === state) return;
        }
        throw new HearthError('Network', ['The event stream closed'], 0);
      })();
      await Promise.race([reached, timeout]);
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      stream.close();
    }
  }
}

/** The instance the task runs in. */
export function currentInstance(): InstanceHandle {
  return new InstanceHandle(task().instanceUuid);
}
