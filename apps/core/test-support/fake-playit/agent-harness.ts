import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PlayitApiClient } from '../../src/runtime/tunnels/playit-api-client.ts';
import { PlayitKeyStore } from '../../src/runtime/tunnels/playit-key-store.ts';
import {
  PlayitRunner,
  type PlayitRunnerEvent,
  type PlayitRunnerOptions,
  type PlayitRunnerTiming,
} from '../../src/runtime/tunnels/playit-runner.ts';
import { startFakePlayit, type FakePlayit, type FakePlayitOptions } from './fake-playit.ts';
import { EventLog } from './local-servers.ts';

/** Quick but not hair-trigger timings for tests on a busy machine. */
export const TEST_TIMING: Partial<PlayitRunnerTiming> = {
  pingIntervalMs: 100,
  pongTimeoutMs: 3_000,
  connectWaitMs: 300,
  registerWaitMs: 500,
  backoffInitialMs: 100,
  backoffMaxMs: 400,
};

export interface AgentHarness {
  fake: FakePlayit;
  dir: string;
  keys: PlayitKeyStore;
  api: PlayitApiClient;
  runner: PlayitRunner;
  events: EventLog<PlayitRunnerEvent>;
  secret: string;
  close(): Promise<void>;
}

/**
 * A fake playit, an agent secret obtained through a real claim exchange and stored in a temp data
 * dir, and a runner (not started) pointed at the fake's API and control server.
 */
export async function startAgentHarness(
  options: {
    fake?: FakePlayitOptions;
    runner?: Partial<PlayitRunnerOptions>;
    signedUp?: boolean;
  } = {},
): Promise<AgentHarness> {
  const fake = await startFakePlayit({
    claimTimeoutMs: 1_000,
    sessionStaleMs: 1_500,
    ...options.fake,
  });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-playit-agent-'));
  const keys = new PlayitKeyStore(dir);
  const api = new PlayitApiClient({ baseUrl: fake.apiUrl, timeoutMs: 2_000 });
  let secret = '';
  if (options.signedUp !== false) {
    fake.acceptClaim('00aa11bb22');
    const exchanged = await api.claimExchange('00aa11bb22');
    if (!exchanged.ok) throw new Error(exchanged.reason);
    secret = exchanged.data;
    await keys.write(secret);
  }
  const events = new EventLog<PlayitRunnerEvent>();
  const runner = new PlayitRunner({
    api,
    secret: () => keys.read(),
    controlAddr: fake.controlAddr,
    onEvent: events.push,
    timing: TEST_TIMING,
    ...options.runner,
  });
  return {
    fake,
    dir,
    keys,
    api,
    runner,
    events,
    secret,
    async close() {
      await runner.stop();
      await fake.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
