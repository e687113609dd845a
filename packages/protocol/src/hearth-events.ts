import { z } from 'zod/mini';
import { parseFrame } from './frames.ts';

// Hearth's own frames on the event stream (`…/events/all/stream?filter=…&hearth=1`), beside the
// ClientEvents. A core that does not know the parameter (Lodestone) ignores it, and a client that
// does not send it (Lodestone's dashboard) never receives one, so the reference's wire is unchanged.
// They are signals, not history: never in the event buffer, the search or the Event Logs.

/** The query parameter (and its value) that asks for Hearth's frames too. */
export const EVENT_STREAM_HEARTH_PARAM = 'hearth';
export const EVENT_STREAM_HEARTH_VALUE = '1';

export const HearthEventSchema = z.discriminatedUnion('type', [
  z.object({
    /**
     * Something under the instance's `macros/` changed through Hearth's API (a file written,
     * moved or removed, a folder made, a config stored): the macro list may have changed. Sent to
     * the users who may use that instance's macros.
     */
    type: z.literal('MacrosChanged'),
    instance_uuid: z.string(),
  }),
]);
export type HearthEvent = z.infer<typeof HearthEventSchema>;

/** A Hearth frame of the event stream, or null for anything else (a ClientEvent among them). */
export function parseHearthEventFrame(data: string): HearthEvent | null {
  return parseFrame(HearthEventSchema, data);
}
