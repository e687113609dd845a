import type { ReactNode } from 'react';
import { Info } from 'lucide-react';
import { Tooltip } from './tooltip.tsx';

/** A small focusable info icon that explains a field. */
export function InfoTip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip content={children}>
      <button
        type="button"
        aria-label={label}
        className="inline-flex size-11 items-center justify-center rounded text-faint hover:text-fg wide:size-5"
      >
        <Info aria-hidden className="size-3.5" />
      </button>
    </Tooltip>
  );
}
