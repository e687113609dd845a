import { pathToFileURL } from 'node:url';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { TestCore } from './helpers.ts';
import {
  WAIT_MS,
  isCreationEnd,
  isState,
  useOwnedCore,
  type EventLog,
} from './instance-helpers.ts';

const FLOOD_DEFINITION = pathToFileURL(
  fileURLToPath(new URL('../../../bench/definitions/flood/definition.ts', import.meta.url)),
).href;
const LINES = 120_000;

let t: TestCore;
let owner: string;
let log: EventLog;

useOwnedCore((core) => ({ t, owner, log } = core));

/** Counts flood lines on a console socket without parsing whole frames; checks they arrive in order. */
function follow(ws: WebSocket) {
  const state = { received: 0, outOfOrder: 0, done: null as number | null };
  let next = 0;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve, reject) => {
    finish = resolve;
    setTimeout(() => reject(new Error(`only ${state.received} lines arrived`)), WAIT_MS).unref();
  });
  ws.on('message', (data: Buffer) => {
    const text = data.toString();
    const line = /"message":"flood (\d+)\\n"/.exec(text);
    if (line) {
      const seq = Number(line[1]);
      if (seq !== next) state.outOfOrder++;
      next = seq + 1;
      state.received++;
      return;
    }
    const done = /"message":"flood done (\d+)\\n"/.exec(text);
    if (done) {
      state.done = Number(done[1]);
      finish();
    }
  });
  return { state, finished };
}

describe('console flow control', () => {
  it('delivers every line, in order, to a viewer that stops reading for a while (the server waits instead)', async () => {
    const res = await t.request('POST', '/instance/create_generic', {
      token: owner,
      body: {
        url: FLOOD_DEFINITION,
        setup_value: {
          name: 'Flood',
          setting_sections: {
            section_1: {
              settings: {
                seconds: { value: { type: 'UnsignedInteger', value: 60 } },
                lines: { value: { type: 'UnsignedInteger', value: LINES } },
              },
            },
          },
        },
      },
    });
    expect(res.status, res.text).toBe(200);
    const uuid = res.json as string;
    expect((await log.wait(isCreationEnd(uuid))).event_inner).toMatchObject({
      progression_event_inner: { success: true },
    });

    const slow = await t.socket(
      `/instance/${uuid}/console/stream?token=${encodeURIComponent(`Bearer ${owner}`)}`,
    );
    const fast = await t.socket(
      `/instance/${uuid}/console/stream?token=${encodeURIComponent(`Bearer ${owner}`)}`,
    );
    const slowSeen = follow(slow);
    const fastSeen = follow(fast);
    slow.pause();
    const stopped = log.next(isState(uuid, 'Stopped'), 'the flood to end');
    expect((await t.request('PUT', `/instance/${uuid}/start`, { token: owner })).status).toBe(200);
    await log.wait(isState(uuid, 'Running'));
    // While the slow viewer reads nothing, the server's output is held: everyone stalls short of the end.
    let last = -1;
    let steady = 0;
    while (steady < 4) {
      await new Promise((r) => setTimeout(r, 250));
      steady = fastSeen.state.received === last ? steady + 1 : 0;
      last = fastSeen.state.received;
    }
    expect(fastSeen.state.done).toBeNull();
    expect(fastSeen.state.received).toBeLessThan(LINES);
    expect((await t.request('GET', `/instance/${uuid}/state`, { token: owner })).json).toBe(
      'Running',
    );
    slow.resume();
    await Promise.all([slowSeen.finished, fastSeen.finished, stopped]);

    for (const seen of [slowSeen.state, fastSeen.state]) {
      expect(seen).toEqual({ received: LINES, outOfOrder: 0, done: LINES });
    }
    const buffer = (await t.request('GET', `/instance/${uuid}/console/buffer`, { token: owner }))
      .json as {
      event_inner: { instance_event_inner: { message: string } };
    }[];
    expect(buffer).toHaveLength(1024);
    expect(buffer.at(-1)?.event_inner.instance_event_inner.message).toBe(`flood done ${LINES}\n`);
    expect(buffer.at(0)?.event_inner.instance_event_inner.message).toBe(`flood ${LINES - 1023}\n`);
    slow.close();
    fast.close();
  });
});
