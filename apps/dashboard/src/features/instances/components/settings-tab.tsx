import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { InstanceInfo, SectionManifest } from '@hearth/protocol';
import { SettingWidget } from '@/components/settings/setting-widget.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { tabData } from '@/components/layout/tab-page.tsx';
import { viewerCan } from '@/lib/permissions.ts';
import type { Viewer } from '@/lib/permissions.ts';
import { toUserMessage } from '@/lib/errors.ts';
import { notify } from '@/lib/toast.ts';
import { useInstanceSettings } from '../api/get-instance-settings.ts';
import { useCoreExtensions } from '../api/get-shipped-definitions.ts';
import { useUpdateInstanceFieldMutation } from '../api/update-instance-field.ts';
import type { InstanceFlag } from '../api/update-instance-field.ts';
import { useUpdateInstanceSettingMutation } from '../api/update-instance-setting.ts';
import { AUTOMATION_FLAGS } from '../automation-flags.ts';
import { sectionWords, shownString } from '../hearth-sections.ts';
import type { ShownText } from '../hearth-sections.ts';
import { DangerZone } from './danger-zone.tsx';

/** A manifest text: the part worded in the reader's language, then the core's own, as written. */
function Shown({ text }: { text: ShownText }) {
  return (
    <>
      {text.worded}
      {text.worded !== '' && text.asWritten !== '' ? ' ' : null}
      {text.asWritten !== '' ? <span translate="no">{text.asWritten}</span> : null}
    </>
  );
}

const ours = (text: string): ShownText => ({ worded: text, asWritten: '' });

function Card({
  title,
  description,
  children,
}: {
  title: ShownText;
  description?: ShownText;
  children: ReactNode;
}) {
  return (
    <section aria-label={shownString(title)} className="flex flex-col gap-2">
      <header>
        <h2 className="text-sm font-semibold">
          <Shown text={title} />
        </h2>
        {description && shownString(description) !== '' ? (
          <p className="text-[13px] text-faint">
            <Shown text={description} />
          </p>
        ) : null}
      </header>
      <div className="divide-y divide-line rounded-lg border border-line bg-panel">{children}</div>
    </section>
  );
}

function Row({
  name,
  description,
  children,
}: {
  name: ShownText;
  description: ShownText;
  children: ReactNode;
}) {
  return (
    <div className="grid grid-cols-1 items-start gap-3 px-4 py-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] sm:gap-6 wide:px-5">
      <div className="min-w-0">
        <p className="text-sm font-medium">
          <Shown text={name} />
        </p>
        <p className="text-[13px] text-faint">
          <Shown text={description} />
        </p>
      </div>
      {children}
    </div>
  );
}

function SectionCard({ instance, section }: { instance: InstanceInfo; section: SectionManifest }) {
  const { i18n } = useLingui();
  const update = useUpdateInstanceSettingMutation();
  // Hearth's own sections in the reader's language; a game definition's as written.
  const words = sectionWords(section, i18n);
  const settings = Object.entries(section.settings);
  return (
    <Card title={words.name} description={words.description}>
      {settings.length === 0 ? (
        <div className="px-5 py-6 text-center">
          <p className="text-sm font-medium text-muted">
            <Trans>Not available at this moment</Trans>
          </p>
          <p className="text-[13px] text-faint">
            <Trans>Try to start this instance at least once</Trans>
          </p>
        </div>
      ) : (
        settings.map(([key, setting]) => {
          const { name, description } = words.settings[key] ?? {
            name: { worded: '', asWritten: setting.name },
            description: { worded: '', asWritten: setting.description },
          };
          return (
            <Row key={setting.setting_id} name={name} description={description}>
              <SettingWidget
                setting={{ ...setting, name: shownString(name) }}
                disabled={false}
                save={(value) =>
                  update.mutateAsync({
                    uuid: instance.uuid,
                    sectionId: section.section_id,
                    settingId: setting.setting_id,
                    value,
                  })
                }
              />
            </Row>
          );
        })
      )}
    </Card>
  );
}

function AutomationCard({
  instance,
  values,
}: {
  instance: InstanceInfo;
  values: Record<InstanceFlag, boolean>;
}) {
  const { t, i18n } = useLingui();
  const update = useUpdateInstanceFieldMutation();
  return (
    <Card title={ours(t`Automation`)}>
      {AUTOMATION_FLAGS.map(({ flag, name, description }) => (
        <Row key={flag} name={ours(i18n._(name))} description={ours(i18n._(description))}>
          <div className="flex justify-end">
            <Switch
              label={i18n._(name)}
              checked={
                update.isPending && update.variables.field === flag
                  ? update.variables.value
                  : values[flag]
              }
              disabled={update.isPending}
              onCheckedChange={(value) =>
                update.mutate(
                  { uuid: instance.uuid, field: flag, value },
                  { onError: (err) => notify('error', toUserMessage(err)) },
                )
              }
            />
          </div>
        </Row>
      ))}
    </Card>
  );
}

export interface SettingsTabProps {
  instance: InstanceInfo;
  viewer: Viewer | undefined;
  onDeleted: () => void;
  /** More Danger Zone rows, from app/ (Move to another core). */
  dangerExtra?: ReactNode;
}

/** The Instance Settings tab (dashboard.md §2). */
export function SettingsTab({ instance, viewer, onDeleted, dangerExtra }: SettingsTabProps) {
  const allowed = viewerCan(viewer, { type: 'AccessSetting', instance: instance.uuid });
  const settings = useInstanceSettings(instance.uuid, allowed);
  const canDelete = viewerCan(viewer, { type: 'DeleteInstance' });
  // auto_start and restart_on_crash have routes on a Hearth core only.
  const automation = useCoreExtensions().data?.hearth === true;
  const loaded = tabData(allowed, settings);
  let body: ReactNode;
  if (!loaded.ready) body = loaded.placeholder;
  else {
    const flags = { auto_start: instance.auto_start, restart_on_crash: instance.restart_on_crash };
    body = (
      <>
        {Object.values(loaded.data.setting_sections).map((section) => (
          <SectionCard key={section.section_id} instance={instance} section={section} />
        ))}
        {automation ? <AutomationCard instance={instance} values={flags} /> : null}
      </>
    );
  }
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 p-4 wide:p-6">
      <h2 className="text-xl font-semibold">
        <Trans>Instance Settings</Trans>
      </h2>
      {body}
      <DangerZone
        instance={instance}
        canDelete={canDelete}
        onDeleted={onDeleted}
        extra={dangerExtra}
      />
    </div>
  );
}
