import { useId } from 'react';
import type { ReactNode } from 'react';
import { Switch } from '@/components/ui/switch.tsx';
import { cn } from '@/lib/cn.ts';

/** One settings screen: a title, an optional lead and its sections. */
export function SettingsPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-6 py-8 lg:px-10">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
          {description ? <p className="text-sm text-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}

/** A titled card of setting rows; `danger` gives it the red Danger Zone look. */
export function SettingsSection({
  title,
  description,
  danger = false,
  children,
}: {
  title: string;
  description?: ReactNode;
  danger?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex flex-col gap-0.5">
        <h2 id={id} className={cn('text-base font-semibold', danger ? 'text-danger' : 'text-fg')}>
          {title}
        </h2>
        {description ? <p className="text-[13px] text-muted">{description}</p> : null}
      </div>
      <div
        className={cn(
          'flex flex-col divide-y rounded-xl border bg-panel',
          danger ? 'divide-danger/25 border-danger/40' : 'divide-line border-line',
        )}
      >
        {children}
      </div>
    </section>
  );
}

/** One row: name and explanation on the left, the control on the right (stacked when narrow). */
export function SettingRow({
  title,
  description,
  control,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  control?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 px-5 py-4">
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
        <div className="flex min-w-0 flex-1 basis-64 flex-col gap-0.5">
          <div className="text-sm font-medium text-fg">{title}</div>
          {description ? (
            <div className="text-[13px] leading-relaxed text-muted">{description}</div>
          ) : null}
        </div>
        {control ? <div className="flex shrink-0 items-center gap-2">{control}</div> : null}
      </div>
      {children}
    </div>
  );
}

/** A row whose control is an on/off switch, named by the row's title. */
export function SwitchRow({
  title,
  description,
  checked,
  disabled,
  onCheckedChange,
  children,
}: {
  title: string;
  description?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (on: boolean) => void;
  children?: ReactNode;
}) {
  return (
    <SettingRow
      title={title}
      description={description}
      control={
        <Switch
          label={title}
          checked={checked}
          disabled={disabled}
          onCheckedChange={onCheckedChange}
        />
      }
    >
      {children}
    </SettingRow>
  );
}
