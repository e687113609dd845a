import type { ZodMiniType } from 'zod/mini';
import { parseFrame } from '@hearth/protocol';

/**
 * A socket's `onMessage`: each frame the schema accepts goes to `handle`; any other is passed over
 * with a warning naming the stream ("Ignoring a monitor frame that does not match the protocol").
 */
export function onFrame<T>(
  schema: ZodMiniType<T>,
  /** The frame's name with its article: "a monitor", "an event log". */
  name: string,
  handle: (frame: T) => void,
): (data: string) => void {
  return (data) => {
    const frame = parseFrame(schema, data);
    if (frame === null) {
      console.warn(`Ignoring ${name} frame that does not match the protocol`);
      return;
    }
    handle(frame);
  };
}
