import type { TestInfo } from '@playwright/test';
import { ClientEventSchema, routePath, snowflakeToMs } from '@hearth/protocol';
import type { RunningCore } from './core-process.ts';
import { apiCall } from './flows.ts';

const TAIL_LINES = 120;

function tail(text: string, lines = TAIL_LINES): string {
  return text.split('\n').slice(-lines).join('\n');
}

/** A console event as `time line` (anything else the buffer holds, as its type). */
function consoleLine(raw: unknown): string {
  const parsed = ClientEventSchema.safeParse(raw);
  if (!parsed.success) return '(an event this protocol does not read)';
  const event = parsed.data;
  const time = new Date(snowflakeToMs(event.snowflake)).toISOString().slice(11, 23);
  const inner = event.event_inner;
  const text =
    inner.type === 'InstanceEvent' && inner.instance_event_inner.type === 'InstanceOutput'
      ? inner.instance_event_inner.message
      : inner.type;
  return `${time} ${text}`;
}

/**
 * A failed test prints what the core saw, so a failure seen once in CI can be read afterwards:
 * the core's own output, and for an instance its console (the game's lines as the core received
 * them) and the players the core counts online. Nothing is printed for a test that passed.
 */
export async function printCoreOnFailure(
  testInfo: TestInfo,
  core: RunningCore | undefined,
  token: string | undefined,
  uuid?: string,
): Promise<void> {
  if (!core || testInfo.status === testInfo.expectedStatus) return;
  const parts = [`--- the core's output (last ${TAIL_LINES} lines) ---`, tail(core.output())];
  if (uuid && token) {
    const read = async (label: string, route: string, show: (body: unknown) => string) => {
      try {
        parts.push(`--- ${label} ---`, show(await apiCall(core, token, 'GET', route)));
      } catch (err) {
        parts.push(`--- ${label}: ${err instanceof Error ? err.message : String(err)} ---`);
      }
    };
    await read('the instance console', routePath('consoleBuffer', { uuid }), (body) =>
      tail((body as unknown[]).map(consoleLine).join('\n')),
    );
    await read('players online, as the core counts them', routePath('players', { uuid }), (body) =>
      JSON.stringify(body),
    );
  }
  console.error(`\n[${testInfo.title}] failed; what the core saw:\n${parts.join('\n')}\n`);
}
