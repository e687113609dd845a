import { expect, test } from '@playwright/test';
import type { Bot } from 'mineflayer';
import { joinBot, type JoinedBot } from '../../apps/core/test-support/mineflayer-bot.ts';
import { startCore, type RunningCore } from '../support/core-process.ts';
import {
  apiCall,
  createFlyingSquidInstance,
  freePort,
  signedInContext,
  tokenOf,
  setupOwnerThroughUi,
} from '../support/flows.ts';

// Issue 23, item 1: a game server that holds one player is not a server. Three real clients join the
// shipped flying-squid server at once, see each other's chat and movement, and stay connected past
// the 30 s keep-alive that used to drop them (a second player was never spawned: flying-squid 1.11
// writes packet fields that newer minecraft-data renamed; the root package.json pins the versions).
test.describe.configure({ mode: 'serial' });

let core: RunningCore;
let token: string;

test.beforeAll(async ({ browser }) => {
  core = await startCore();
  const context = await browser.newContext();
  const page = await context.newPage();
  await setupOwnerThroughUi(page, core);
  token = await tokenOf(page);
  await context.close();
});

test.afterAll(async () => {
  await core?.stop();
});

const NAMES = ['Alex', 'Steve', 'Kai'] as const;

/** Resolves when `bot` receives `message` in chat from `from`. */
function chatSeen(bot: Bot, from: string, message: string): Promise<void> {
  return new Promise((resolve) => {
    const listener = (username: string, text: string) => {
      if (username === from && text === message) {
        bot.off('chat', listener);
        resolve();
      }
    };
    bot.on('chat', listener);
  });
}

/**
 * Resolves when `mover` has walked at least one block (the server accepted the moves, no pull back)
 * and `watcher` has been told of another entity moving. flying-squid 1.11 names other players'
 * entities oddly in some versions (no player list from 1.19 on, a wrong entity type), so the
 * watcher's side is "an entity other than itself moved", not a named player.
 */
function movementSeen(mover: Bot, watcher: Bot): Promise<void> {
  const start = mover.entity.position.clone();
  const walked = new Promise<void>((resolve) => {
    const listener = () => {
      if (mover.entity.position.distanceTo(start) >= 1) {
        mover.off('move', listener);
        resolve();
      }
    };
    mover.on('move', listener);
  });
  const told = new Promise<void>((resolve) => {
    const listener = (entity: { id: number }) => {
      if (entity.id !== watcher.entity.id) {
        watcher.off('entityMoved', listener);
        resolve();
      }
    };
    watcher.on('entityMoved', listener);
  });
  return Promise.all([walked, told]).then(() => undefined);
}

/** Rejects as soon as any bot is disconnected; `stop()` ends the watch. */
function watchDisconnects(bots: JoinedBot[]): { dropped: Promise<never>; stop: () => void } {
  const off: (() => void)[] = [];
  const dropped = new Promise<never>((_, reject) => {
    for (const { bot } of bots) {
      const onEnd = (reason: string) => reject(new Error(`${bot.username} was dropped: ${reason}`));
      bot.on('end', onEnd);
      off.push(() => bot.off('end', onEnd));
    }
  });
  dropped.catch(() => undefined);
  return { dropped, stop: () => off.forEach((f) => f()) };
}

for (const [version, staySeconds] of [
  ['1.21.4', 60],
  ['1.20.5', 35],
  ['1.16.5', 35],
] as const) {
  test(`three players on flying-squid ${version}: all spawn, chat, move and stay ${staySeconds} s`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const port = await freePort();
    const name = `Three ${version}`;
    const uuid = await createFlyingSquidInstance(core, token, name, port, { version });
    const context = await signedInContext(browser, core, token);
    const page = await context.newPage();
    const bots: JoinedBot[] = [];
    try {
      // The page is open before the start, as a user would have it. (Opened right after a start,
      // the first load can miss the Running change: a known race, see the closing note.)
      await page.goto(`${core.url}/dashboard/overview?instance=${uuid}`);
      await expect(page.getByRole('status', { name: 'Instance state' })).toHaveText(/Stopped/);
      await apiCall(core, token, 'PUT', `/instance/${uuid}/start`);
      await expect(page.getByRole('status', { name: 'Instance state' })).toHaveText(/Running/, {
        timeout: 90_000,
      });
      for (const username of NAMES)
        bots.push(await joinBot({ host: '127.0.0.1', port, username, version, timeoutMs: 60_000 }));
      const watch = watchDisconnects(bots);
      try {
        await expect(page.getByLabel(/^Player count 3/)).toBeVisible({ timeout: 30_000 });
        const [a, b, c] = bots.map((j) => j.bot) as [Bot, Bot, Bot];

        const heard = Promise.all([
          chatSeen(b, a.username, 'hello from Alex'),
          chatSeen(c, a.username, 'hello from Alex'),
          chatSeen(a, c.username, 'hello from Kai'),
        ]);
        a.chat('hello from Alex');
        c.chat('hello from Kai');
        await Promise.race([heard, watch.dropped]);

        const moved = movementSeen(a, b);
        a.setControlState('forward', true);
        await Promise.race([moved, watch.dropped]);
        a.setControlState('forward', false);

        // Past the keep-alive window: a dropped client fails the race at once.
        await Promise.race([
          new Promise((resolve) => setTimeout(resolve, staySeconds * 1000)),
          watch.dropped,
        ]);
        for (const { bot } of bots)
          expect(bot.entity, `${bot.username} is in the world`).toBeTruthy();
        await expect(page.getByLabel(/^Player count 3/)).toBeVisible();
      } finally {
        watch.stop();
      }
    } finally {
      await Promise.all(bots.map((j) => j.leave()));
      await context.close();
      await apiCall(core, token, 'PUT', `/instance/${uuid}/kill`).catch(() => undefined);
    }
  });
}
