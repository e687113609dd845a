import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { InstanceInfo, TaskEntry } from '@hearth/protocol';
import { toUserMessage } from '@/lib/errors.ts';
import { notify } from '@/lib/toast.ts';
import { useKillTaskMutation } from './api/kill-task.ts';
import { useRunMacroMutation } from './api/run-macro.ts';

// dashboard.md §8 macro toasts, word for word.
export const RUN_NO_INSTANCE = msg`Error running macro: No instance selected`;
export const CONFIG_NO_INSTANCE = msg`Error opening macro config: No instance selected`;
export const KILL_NO_INSTANCE = msg`Error killing task: No instance selected`;

export interface MacroActions {
  /**
   * Asks for the arguments (the Run Macro dialog) — or, when the list says the macro needs its
   * config first (`needs_config`, Hearth only), opens Macro Config and runs after a Save.
   */
  run(name: string, needsConfig?: boolean): void;
  /** Runs it with the arguments from that dialog. */
  start(name: string, args: string[]): void;
  editConfig(name: string): void;
  kill(task: TaskEntry): void;
}

/**
 * The row menu actions. `instance` is the instance selected when the action is chosen (null once
 * it is gone). Run Macro opens the run dialog (`openRun`) for the arguments; a failed run shows
 * its message, then opens the config dialog (the usual cause is a config the macro still needs —
 * which a Lodestone core does not announce in its list).
 */
export function useMacroActions(
  instance: InstanceInfo | null,
  openConfig: (name: string, thenRun?: boolean) => void,
  openRun: (name: string) => void = () => undefined,
): MacroActions {
  const uuid = instance?.uuid ?? '';
  const runMutation = useRunMacroMutation(uuid);
  const killMutation = useKillTaskMutation(uuid);
  return {
    run(name, needsConfig = false) {
      if (!instance) return notify('error', i18n._(RUN_NO_INSTANCE));
      // Issue 23 #7: a run the core would refuse (500 "Config error", kept for Lodestone's
      // dashboard) is not tried; the dialog it would end in opens straight away, without a toast.
      if (needsConfig) openConfig(name, true);
      else openRun(name);
    },
    start(name, args) {
      if (!instance) return notify('error', i18n._(RUN_NO_INSTANCE));
      runMutation.mutate(
        { name, args },
        {
          onSuccess: () => notify('success', t`Started macro ${name}`),
          onError: (err) => {
            notify('error', toUserMessage(err));
            openConfig(name);
          },
        },
      );
    },
    editConfig(name) {
      if (!instance) return notify('error', i18n._(CONFIG_NO_INSTANCE));
      openConfig(name);
    },
    kill(task) {
      if (!instance) return notify('error', i18n._(KILL_NO_INSTANCE));
      const name = task.name;
      const pid = task.pid;
      killMutation.mutate(task, {
        onSuccess: () => notify('success', t`Killed ${name} (${pid})`),
        onError: (err) => notify('error', toUserMessage(err)),
      });
    },
  };
}
