import { memo } from 'react';
import { toSegments } from '../ansi.ts';
import type { Segment } from '../ansi.ts';
import type { ConsoleLine } from '../console-log.ts';

// Parsed colours are cached per line object: a line is parsed when first drawn, and the cache
// entry goes away with the line when the log drops it.
const segmentCache = new WeakMap<ConsoleLine, Segment[]>();

function segmentsOf(line: ConsoleLine): Segment[] {
  let segments = segmentCache.get(line);
  if (!segments) {
    segments = toSegments(line.text);
    segmentCache.set(line, segments);
  }
  return segments;
}

/** One console line with its ANSI / § colours. */
export const ConsoleLineText = memo(function ConsoleLineText({ line }: { line: ConsoleLine }) {
  const segments = segmentsOf(line);
  if (segments.length === 1 && !segments[0]?.style) return <>{line.text}</>;
  return (
    <>
      {segments.map((segment, i) => (
        <span key={i} style={segment.style}>
          {segment.text}
        </span>
      ))}
    </>
  );
});
