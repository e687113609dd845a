import {
  startFakePlayit,
  type FakePlayit,
} from '../../apps/core/test-support/fake-playit/fake-playit.ts';

export type { FakePlayit } from '../../apps/core/test-support/fake-playit/fake-playit.ts';

/**
 * The fake playit.gg service on 127.0.0.1 (API, control server, a public TCP port per tunnel) and
 * the environment that points a core at it (`startCore({ env })`). Claims are accepted as soon as
 * the core polls them: the browser cannot visit playit's claim page here.
 */
export async function startPlayitForCore(): Promise<{
  fake: FakePlayit;
  env: Record<string, string>;
}> {
  const fake = await startFakePlayit({ autoAcceptClaims: true });
  return {
    fake,
    env: {
      HEARTH_PLAYIT_API_URL: fake.apiUrl,
      HEARTH_PLAYIT_CONTROL_ADDR: fake.controlAddr,
      HEARTH_PLAYIT_CLAIM_URL: fake.claimPageUrl,
    },
  };
}
