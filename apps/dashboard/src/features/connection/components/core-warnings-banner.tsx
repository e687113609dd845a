import { useLingui } from '@lingui/react/macro';
import { useCoreWarnings } from '../api/get-core-warnings.ts';

/**
 * The owner's standing warnings from the core (e.g. "game servers run unsandboxed"), shown on every
 * screen until the cause is fixed; nobody else sees them. The warnings are the core's free text
 * (no typed parts) and are shown as they come.
 */
export function CoreWarningsBanner({ isOwner }: { isOwner: boolean }) {
  const { t } = useLingui();
  const warnings = useCoreWarnings(isOwner).data ?? [];
  if (warnings.length === 0) return null;
  return (
    <div
      role="alert"
      aria-label={t`Core warnings`}
      className="flex flex-col gap-1 border-b border-warning/30 bg-warning/10 px-4 py-2 text-[13px] text-warning"
    >
      {warnings.map((warning) => (
        <p key={warning}>{warning}</p>
      ))}
    </div>
  );
}
