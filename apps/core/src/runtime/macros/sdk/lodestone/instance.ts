// Same public names as lodestone-macro-lib's instance.ts, over Hearth's API with the task's token.
import type { Game, InstanceState, Player } from '@hearth/protocol';
import { HearthError } from '../client.ts';
import { InstanceHandle } from '../instance.ts';
import { task } from '../task-context.ts';

export type { Game, InstanceState, Player };

const noRcon = () =>
  new HearthError(
    'UnsupportedOperation',
    ['RCON is not available to Hearth macros; use sendCommand'],
    501,
  );

export class Instance {
  uuid: string;
  protected readonly handle: InstanceHandle;

  /** Does not ask the core (it cannot synchronously): an unknown uuid fails on the first call. */
  public constructor(uuid: string) {
    this.uuid = uuid;
    this.handle = new InstanceHandle(uuid);
  }
  public getUUID(): string {
    return this.uuid;
  }
  public static async current(): Promise<Instance> {
    return new Instance(task().instanceUuid);
  }
  public async start(block: boolean): Promise<void> {
    await this.handle.start();
    if (block) await this.handle.waitForState('Running');
  }
  public async stop(block: boolean): Promise<void> {
    await this.handle.stop();
    if (block) await this.handle.waitForState('Stopped');
  }
  public async restart(block: boolean): Promise<void> {
    await this.handle.restart();
    if (block) await this.handle.waitForState('Running');
  }
  public async kill(): Promise<void> {
    await this.handle.kill();
  }
  public state(): Promise<InstanceState> {
    return this.handle.state();
  }
  public async isRunning(): Promise<boolean> {
    return (await this.state()) === 'Running';
  }
  public async isStopped(): Promise<boolean> {
    return (await this.state()) === 'Stopped';
  }
  public async isStarting(): Promise<boolean> {
    return (await this.state()) === 'Starting';
  }
  public async isStopping(): Promise<boolean> {
    return (await this.state()) === 'Stopping';
  }
  public async playerCount(): Promise<number> {
    return (await this.handle.info()).player_count ?? 0;
  }
  public async maxPlayerCount(): Promise<number> {
    return (await this.handle.maxPlayers()) ?? 0;
  }
  public playerList(): Promise<Player[]> {
    return this.handle.players();
  }
  public name(): Promise<string> {
    return this.handle.name();
  }
  public game(): Promise<Game> {
    return this.handle.game();
  }
  public gameVersion(): Promise<string> {
    return this.handle.version();
  }
  public description(): Promise<string> {
    return this.handle.description();
  }
  public port(): Promise<number> {
    return this.handle.port();
  }
  public path(): Promise<string> {
    return this.handle.path();
  }
  public sendCommand(command: string): Promise<void> {
    return this.handle.sendCommand(command);
  }
  public setName(name: string): Promise<void> {
    return this.handle.setName(name);
  }
  public setDescription(description: string): Promise<void> {
    return this.handle.setDescription(description);
  }
  /** Hearth changes ports through the instance settings; there is no separate port call. */
  public setInstancePort(_port: number): Promise<void> {
    return Promise.reject(
      new HearthError('UnsupportedOperation', ['Change the port in the instance settings'], 501),
    );
  }
  public setAutoStart(autoStart: boolean): Promise<void> {
    return this.handle.setAutoStart(autoStart);
  }
}

export class MinecraftJavaInstance extends Instance {
  private constructor(uuid: string) {
    super(uuid);
  }
  public static override async current(): Promise<MinecraftJavaInstance> {
    return MinecraftJavaInstance.new(task().instanceUuid);
  }
  public static async new(uuid: string): Promise<MinecraftJavaInstance> {
    const game = await new InstanceHandle(uuid).game();
    if (game.type !== 'MinecraftJava')
      throw new Error('Current instance is not a MinecraftJava instance');
    return new MinecraftJavaInstance(uuid);
  }
  public waitTillRconAvailable(): Promise<void> {
    return Promise.reject(noRcon());
  }
  public isRconAvailable(): Promise<boolean> {
    return Promise.resolve(false);
  }
  public trySendRconCommand(_command: string): Promise<string | null> {
    return Promise.resolve(null);
  }
  public sendRconCommand(_command: string): Promise<string> {
    return Promise.reject(noRcon());
  }
}
