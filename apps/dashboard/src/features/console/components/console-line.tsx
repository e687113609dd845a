import { memo, useMemo } from 'react';
import { toSegments } from '../ansi.ts';
import type { ConsoleLine } from '../console-log.ts';

// A line's colours are parsed when its row starts showing it (rows are reused as the list scrolls,
// and a row whose line did not change is not drawn again). No cache keyed by line: a WeakMap entry
// for every line ever drawn cost ~2 MiB at 20,000 lines and more garbage-collection work.

/** One console line with its ANSI / § colours. */
export const ConsoleLineText = memo(function ConsoleLineText({ line }: { line: ConsoleLine }) {
  const segments = useMemo(() => toSegments(line.text), [line]);
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
