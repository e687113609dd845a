import { useLingui } from '@lingui/react/macro';
import { MOTD_COLOURS, parseMotd } from './motd.ts';
import type { MotdSegment } from './motd.ts';

function segmentStyle(segment: MotdSegment) {
  const lines = [segment.underline && 'underline', segment.strikethrough && 'line-through']
    .filter(Boolean)
    .join(' ');
  return {
    color: segment.colour ? MOTD_COLOURS[segment.colour] : undefined,
    fontWeight: segment.bold ? 700 : undefined,
    fontStyle: segment.italic ? 'italic' : undefined,
    textDecorationLine: lines || undefined,
  };
}

/** How the server list shows a MOTD: the first line, with '...' when there are more. */
export function MotdPreview({ value }: { value: string }) {
  const { t } = useLingui();
  const { segments, truncated } = parseMotd(value);
  return (
    <div
      role="figure"
      aria-label={t`MOTD preview`}
      className="truncate rounded-md border border-line bg-[#1e1e1e] px-3 py-2 font-mono text-[13px] text-[#AAAAAA]"
    >
      {segments.map((segment, index) => (
        <span key={index} style={segmentStyle(segment)}>
          {segment.text}
        </span>
      ))}
      {truncated ? <span>...</span> : null}
    </div>
  );
}
