import { msg, t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { ConfigurableValue, SettingManifest } from '@hearth/protocol';
import { SettingWidget } from '@/components/settings/setting-widget.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import { FormError } from '@/components/ui/field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import { notify } from '@/lib/toast.ts';
import { useMacroConfig } from '../api/get-macro-config.ts';
import { useStoreMacroConfigMutation } from '../api/store-macro-config.ts';

// dashboard.md §2 Macros and §8, word for word.
export const NEEDS_CONFIG = msg`This macro requires additional config.`;
export const INVALID_STATE = msg`Error: Invalid state`;
/** Save while a field holds what its type refuses (`abc` for a number): nothing is stored. */
export const FIX_FIELDS = msg`Not saved: correct the settings marked above.`;

/** The settings to store: the declared ones with the values edited in the dialog. */
function withEdits(
  config: Record<string, SettingManifest>,
  edits: Map<string, ConfigurableValue>,
): Record<string, SettingManifest> {
  return Object.fromEntries(
    Object.entries(config).map(([field, setting]) => [
      field,
      edits.has(field) ? { ...setting, value: edits.get(field) ?? null } : setting,
    ]),
  );
}

export interface MacroConfigDialogProps {
  instanceUuid: string;
  /** The macro whose config is shown; the dialog is open while it is set. */
  name: string;
  onClose: () => void;
  /** After a successful Save, once the dialog closed (Run Macro goes on to the run dialog). */
  onSaved?: () => void;
}

/**
 * Macro Config (Save / Close): the macro's declared settings with the Instance Settings widgets.
 * Edits stay in the dialog until Save stores them all at once (the core checks the whole config);
 * while a field holds text its type refuses, Save stores nothing and the dialog stays open with
 * the field's error. A config the core cannot read closes the dialog with a toast.
 */
export function MacroConfigDialog({
  instanceUuid,
  name,
  onClose,
  onSaved,
}: MacroConfigDialogProps) {
  const config = useMacroConfig(instanceUuid, name);
  const store = useStoreMacroConfigMutation(instanceUuid);
  const edits = useRef(new Map<string, ConfigurableValue>());
  /** Fields whose text cannot be sent; their own message says why (issue 23 #5). */
  const invalid = useRef(new Set<string>());
  const [saveError, setSaveError] = useState<string | null>(null);
  const { t, i18n } = useLingui();

  useEffect(() => {
    if (!config.isError) return;
    const error = toUserMessage(config.error);
    notify('error', tGlobal`Error opening macro config: ${error}`);
    onClose();
  }, [config.isError, config.error, onClose]);

  const save = () => {
    const data = config.data;
    if (!data) return notify('error', i18n._(INVALID_STATE));
    if (invalid.current.size > 0) return setSaveError(i18n._(FIX_FIELDS));
    setSaveError(null);
    store.mutate(
      { name, config: withEdits(data.config, edits.current) },
      {
        onSuccess: () => {
          onClose();
          onSaved?.();
        },
        onError: (err) => setSaveError(toUserMessage(err)),
      },
    );
  };

  const settings = Object.entries(config.data?.config ?? {});
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Macro Config`}
      description={name}
      width={560}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
          <Button variant="primary" loading={store.isPending} onClick={save}>
            <Trans>Save</Trans>
          </Button>
        </>
      }
    >
      {config.data?.error ? <p className="text-sm text-warning">{i18n._(NEEDS_CONFIG)}</p> : null}
      {config.isPending ? <Spinner label={t`Loading macro config`} /> : null}
      {config.data && settings.length === 0 ? (
        <p className="text-sm text-faint">
          <Trans>This macro has no config settings.</Trans>
        </p>
      ) : null}
      <div className="flex max-h-[60vh] flex-col divide-y divide-line overflow-y-auto">
        {settings.map(([field, setting]) => (
          <div
            key={`${config.dataUpdatedAt}-${field}`}
            className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] items-start gap-4 py-3"
          >
            <div className="min-w-0">
              <p className="text-sm font-medium">{setting.name}</p>
              {setting.description ? (
                <p className="text-[13px] text-faint">{setting.description}</p>
              ) : null}
            </div>
            <SettingWidget
              setting={setting}
              disabled={store.isPending}
              showSaved={false}
              onDraftError={(error) => {
                if (error) invalid.current.add(field);
                else invalid.current.delete(field);
              }}
              save={async (value) => {
                edits.current.set(field, value);
              }}
            />
          </div>
        ))}
      </div>
      <FormError message={saveError} />
    </Modal>
  );
}
