import { z } from 'zod/mini';
import { ClientEventSchema, type ClientEvent } from './events.ts';

// Hearth's console stream formats (`…/console/stream?batch=`). A core that does not know the
// parameter (Lodestone) ignores it and sends one ClientEvent per message, which every reader here
// accepts too.
//   (none)        one ClientEvent per message (core-api.md §1.6)
//   batch=1       a JSON array of ClientEvents per message
//   batch=lines   a JSON array per message whose items are ClientEvents or ConsoleLines: a run of
//                 InstanceOutput lines of one instance, each given by its snowflake and message
//                 (their level is Info, caused_by System, details empty). A line costs its text and
//                 snowflake on the wire instead of a whole event (about a third of the bytes), and a
//                 reader parses two string arrays instead of four objects per line.
export const ConsoleLinesSchema = z
  .object({
    type: z.literal('ConsoleLines'),
    instance_uuid: z.string(),
    instance_name: z.string(),
    snowflakes: z.array(z.string()),
    messages: z.array(z.string()),
  })
  .check(
    z.refine((run) => run.snowflakes.length === run.messages.length, {
      message: 'A console run needs one snowflake per message',
    }),
  );
export type ConsoleLines = z.output<typeof ConsoleLinesSchema>;

/** One item of a console message: an event, or (batch=lines) a run of output lines. */
export type ConsoleItem = ClientEvent | ConsoleLines;

export function isConsoleLines(item: ConsoleItem): item is ConsoleLines {
  return 'type' in item && item.type === 'ConsoleLines';
}

/**
 * The items of one console stream message in any of the formats; items that match neither schema
 * are left out (and counted in `skipped`). Not JSON: nothing.
 */
export function parseConsoleMessage(data: string): { items: ConsoleItem[]; skipped: number } {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { items: [], skipped: 1 };
  }
  const raw = Array.isArray(json) ? (json as unknown[]) : [json];
  const items: ConsoleItem[] = [];
  for (const item of raw) {
    const isRun =
      typeof item === 'object' &&
      item !== null &&
      (item as { type?: unknown }).type === 'ConsoleLines';
    const parsed = (isRun ? ConsoleLinesSchema : ClientEventSchema).safeParse(item);
    if (parsed.success) items.push(parsed.data);
  }
  return { items, skipped: raw.length - items.length };
}

/** The InstanceOutput events a run stands for (as the reference's stream would have sent them). */
export function consoleLinesEvents(run: ConsoleLines): ClientEvent[] {
  return run.messages.map((message, i) => ({
    event_inner: {
      type: 'InstanceEvent',
      instance_uuid: run.instance_uuid,
      instance_name: run.instance_name,
      instance_event_inner: { type: 'InstanceOutput', message },
    },
    details: '',
    snowflake: run.snowflakes[i]!,
    level: 'Info',
    caused_by: { type: 'System' },
  }));
}
