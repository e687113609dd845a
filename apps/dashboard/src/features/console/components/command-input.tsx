import { memo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { CornerDownLeft } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { cn } from '@/lib/cn.ts';
import { useSendConsoleCommand } from '../api/send-console-command.ts';
import { commandInputState } from '../console-status.ts';
import type { ConsoleIndicator } from '../console-status.ts';
import { useCommandHistory } from '../use-command-history.ts';

/**
 * dashboard.md §2: 'Enter command...'. Enter sends the command, adds it to the history and clears
 * the input; Up and Down walk the history. Disabled (with the reason as placeholder) without
 * permission, while the instance is stopped and after the console closed.
 */
export const CommandInput = memo(function CommandInput({
  instanceUuid,
  indicator,
  onSent,
}: {
  instanceUuid: string;
  indicator: ConsoleIndicator;
  /** Called as a command is sent (its reply is then announced). */
  onSent?: () => void;
}) {
  const { t } = useLingui();
  const [value, setValue] = useState('');
  const history = useCommandHistory(instanceUuid);
  const send = useSendConsoleCommand(instanceUuid);
  const { disabled, placeholder } = commandInputState(indicator);

  const submit = () => {
    const command = value;
    if (disabled || command.trim() === '') return;
    onSent?.();
    send.mutate(command);
    history.push(command);
    setValue('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    const next = e.key === 'ArrowUp' ? history.up(value) : history.down();
    if (next === null) return;
    e.preventDefault();
    setValue(next);
  };

  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <span aria-hidden className="font-mono text-sm text-accent">
        &gt;
      </span>
      <input
        aria-label={t`Console command`}
        placeholder={placeholder}
        value={disabled ? '' : value}
        disabled={disabled}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={onKeyDown}
        className={cn(
          'h-11 min-w-0 flex-1 rounded-md border border-edge bg-bg px-3 font-mono text-[13px] text-fg placeholder:font-sans placeholder:text-faint wide:h-9',
          'hover:border-faint',
          'disabled:cursor-not-allowed disabled:opacity-60',
        )}
      />
      <button
        type="submit"
        aria-label={t`Send command`}
        disabled={disabled || value.trim() === ''}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-md border border-line bg-raised text-muted hover:bg-hover hover:text-fg disabled:cursor-not-allowed disabled:opacity-50 wide:size-9"
      >
        <CornerDownLeft aria-hidden className="size-4" />
      </button>
    </form>
  );
});
