import { ChevronRight, HardDrive } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { cn } from '@/lib/cn.ts';
import { ROOT_PATH, pathCrumbs } from '../model/file-path.ts';

const CRUMB =
  'focus-inset max-w-48 min-h-11 shrink-0 truncate rounded px-1.5 py-0.5 text-[13px] hover:bg-hover hover:text-fg wide:min-h-0';

/** The clickable path: the instance folder, then each folder down to the current one. */
export function PathBreadcrumb({
  path,
  rootLabel,
  onNavigate,
}: {
  path: string;
  rootLabel: string;
  onNavigate: (path: string) => void;
}) {
  const { t } = useLingui();
  const crumbs = [{ name: rootLabel, path: ROOT_PATH }, ...pathCrumbs(path)];
  return (
    <nav aria-label={t`Path`} className="min-w-0 flex-1 overflow-x-auto">
      <ol className="flex items-center gap-0.5 whitespace-nowrap">
        {crumbs.map((crumb, i) => {
          const current = i === crumbs.length - 1;
          return (
            <li key={crumb.path} className="flex min-w-0 items-center gap-0.5">
              {i > 0 ? <ChevronRight aria-hidden className="size-3.5 shrink-0 text-faint" /> : null}
              <button
                type="button"
                aria-current={current ? 'location' : undefined}
                onClick={() => onNavigate(crumb.path)}
                className={cn(
                  CRUMB,
                  'flex items-center gap-1.5',
                  current ? 'font-medium text-fg' : 'text-muted',
                )}
                title={crumb.path === ROOT_PATH ? t`Instance folder` : crumb.path}
              >
                {i === 0 ? <HardDrive aria-hidden className="size-3.5 shrink-0" /> : null}
                <span className="truncate">{crumb.name}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
