// How a console viewer's queued events become WebSocket messages, per stream format
// (@hearth/protocol console-frames.ts). What is queued per event is built once for every viewer
// (ConsoleService); a flush only joins texts.

export interface FrameFormat<P> {
  /** About how many bytes a piece adds to the viewer's backlog. */
  size(piece: P): number;
  /** The messages for pieces queued in order (text, or UTF-8 bytes of text). */
  messages(pieces: P[]): Iterable<string | Buffer>;
}

/** The reference's stream: one event per message, its UTF-8 bytes encoded once for every viewer. */
export const eventsFormat: FrameFormat<Buffer> = {
  size: (bytes) => bytes.length,
  messages: (pieces) => pieces,
};

/** Event texts as JSON arrays of at most `maxChars` characters (a larger event goes alone). */
export function* batches(frames: readonly string[], maxChars: number): Generator<string> {
  let start = 0;
  let size = 2;
  for (let i = 0; i < frames.length; i++) {
    const next = frames[i]!.length + 1;
    if (i > start && size + next > maxChars) {
      yield `[${frames.slice(start, i).join(',')}]`;
      start = i;
      size = 2;
    }
    size += next;
  }
  if (start < frames.length) yield `[${frames.slice(start).join(',')}]`;
}

/** `batch=1`: arrays of event texts. */
export function batchFormat(maxChars: number): FrameFormat<string> {
  return { size: (text) => text.length, messages: (pieces) => batches(pieces, maxChars) };
}

/** An InstanceOutput line as `batch=lines` sends it: JSON texts of its snowflake and message. */
export interface LinePiece {
  instance: string;
  name: string;
  /** JSON texts, ready to join. */
  snowflake: string;
  message: string;
}

/** A queued piece of a `batch=lines` stream: a line of output, or any other event's JSON text. */
export type LinesPiece = LinePiece | string;

const pieceSize = (piece: LinesPiece) =>
  typeof piece === 'string' ? piece.length + 1 : piece.snowflake.length + piece.message.length + 2;

function runText(run: readonly LinePiece[]): string {
  const first = run[0]!;
  const snowflakes = run.map((line) => line.snowflake).join(',');
  const messages = run.map((line) => line.message).join(',');
  return `{"type":"ConsoleLines","instance_uuid":${JSON.stringify(first.instance)},"instance_name":${JSON.stringify(first.name)},"snowflakes":[${snowflakes}],"messages":[${messages}]}`;
}

/** Roughly what a run costs beyond its lines (the keys, the uuid and the name). */
const RUN_OVERHEAD = 160;

/**
 * `batch=lines`: JSON arrays of at most about `maxChars` characters whose items are runs of
 * consecutive output lines of one instance (ConsoleLines) and other events as they are, in order.
 */
export function* lineMessages(pieces: readonly LinesPiece[], maxChars: number): Generator<string> {
  let items: string[] = [];
  let run: LinePiece[] = [];
  let size = 2;
  const endRun = () => {
    if (run.length > 0) items.push(runText(run));
    run = [];
  };
  for (const piece of pieces) {
    const cost = pieceSize(piece);
    if (size + cost > maxChars && (items.length > 0 || run.length > 0)) {
      endRun();
      yield `[${items.join(',')}]`;
      items = [];
      size = 2;
    }
    if (typeof piece === 'string') {
      endRun();
      items.push(piece);
    } else {
      if (run.length > 0 && run[0]!.instance !== piece.instance) endRun();
      if (run.length === 0) size += RUN_OVERHEAD;
      run.push(piece);
    }
    size += cost;
  }
  endRun();
  if (items.length > 0) yield `[${items.join(',')}]`;
}

export function linesFormat(maxChars: number): FrameFormat<LinesPiece> {
  return { size: pieceSize, messages: (pieces) => lineMessages(pieces, maxChars) };
}
