import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { RefreshCw, Search } from 'lucide-react';
import { plural, t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type {
  AddonKind,
  AddonSearchHit,
  AddonSearchPage,
  AddonTarget,
  AddonUpdate,
  AddonVersion,
  InstalledAddon,
  InstanceInfo,
} from '@hearth/protocol';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { SelectField, TextField } from '@/components/ui/field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TabNotice, TabPage, tabData } from '@/components/layout/tab-page.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import { formatNumber } from '@/lib/i18n/format.ts';
import { notify } from '@/lib/toast.ts';
import {
  useInstallAddonMutation,
  useRemoveAddonMutation,
  useUpdateAddonMutation,
} from '../api/change-addons.ts';
import { useAddonProject } from '../api/get-addon-project.ts';
import { useAddonTarget } from '../api/get-addon-target.ts';
import { useCheckAddonUpdatesMutation } from '../api/get-addon-updates.ts';
import { useAddons } from '../api/get-addons.ts';
import { useAddonSearch } from '../api/search-addons.ts';
import type { AddonSearch } from '../api/search-addons.ts';
import { compactCount, kindLabel, mayChange, noneFoundText } from '../addon-rights.ts';
import type { AddonRights } from '../addon-rights.ts';

export interface AddonsScreenProps {
  instance: InstanceInfo;
  rights: AddonRights;
}

/** Versions shown per project before "Show all". */
const VERSIONS_SHOWN = 5;

const reportError = (err: unknown) => notify('error', toUserMessage(err));

/**
 * The Add-ons tab (Hearth, issue 27): what Hearth installed from Modrinth with update and remove,
 * and a search of Modrinth (through the core) filtered for this instance, with each project's
 * versions and dependencies. Reading files looks; writing files (a jar: also the protected-file
 * right) installs, updates and removes.
 */
export function AddonsScreen({ instance, rights }: AddonsScreenProps) {
  const { t } = useLingui();
  const target = useAddonTarget(instance.uuid, rights.read);
  const loaded = tabData(rights.read, target);
  if (!loaded.ready) return <Layout>{loaded.placeholder}</Layout>;
  if (loaded.data.kinds.length === 0)
    return (
      <Layout>
        <TabNotice>{loaded.data.reason ?? t`This instance takes no add-ons.`}</TabNotice>
      </Layout>
    );
  return (
    <Layout>
      <TargetLine target={loaded.data} />
      <InstalledSection instance={instance} rights={rights} />
      <SearchSection instance={instance} target={loaded.data} rights={rights} />
    </Layout>
  );
}

function TargetLine({ target }: { target: AddonTarget }) {
  const { t } = useLingui();
  const loaders = target.loaders.join(', ');
  const version = target.game_version;
  let filtered: string;
  if (loaders && version)
    filtered = t`Modrinth results are filtered for this server (${loaders}, Minecraft ${version}).`;
  else if (loaders) filtered = t`Modrinth results are filtered for this server (${loaders}).`;
  else if (version)
    filtered = t`Modrinth results are filtered for this server (Minecraft ${version}).`;
  else filtered = t`Modrinth results are filtered for this server ().`;
  return (
    <p className="text-sm text-muted">
      {filtered}
      {target.kinds.map((kind) => {
        const kinds = kindLabel(kind);
        const folder = target.folders[kind];
        return (
          <span key={kind}>
            {' '}
            <Trans>
              {kinds} go to <code>{folder}</code>.
            </Trans>
          </span>
        );
      })}
    </p>
  );
}

function InstalledSection({ instance, rights }: AddonsScreenProps) {
  const installed = useAddons(instance.uuid, true);
  const check = useCheckAddonUpdatesMutation(instance.uuid);
  const update = useUpdateAddonMutation(instance.uuid);
  const remove = useRemoveAddonMutation(instance.uuid);
  const updates = new Map<string, AddonUpdate>(
    (check.data ?? []).map((u) => [u.addon_id, u] as const),
  );

  let body: ReactNode;
  if (installed.isPending) body = <Spinner />;
  else if (installed.isError) body = <LoadError error={installed.error} />;
  else if (installed.data.length === 0)
    body = (
      <TabNotice>
        <Trans>Nothing installed from Modrinth yet. Search below to add some.</Trans>
      </TabNotice>
    );
  else
    body = (
      <ul className="flex flex-col divide-y divide-line rounded-lg border border-line">
        {installed.data.map((addon) => (
          <InstalledRow
            key={addon.id}
            addon={addon}
            update={updates.get(addon.id)}
            canChange={mayChange(rights, addon.kind)}
            busy={
              (update.isPending && update.variables.addonId === addon.id) ||
              (remove.isPending && remove.variables === addon.id)
            }
            onUpdate={(u) =>
              update.mutate(
                { addonId: addon.id, versionId: u.latest.id },
                {
                  onSuccess: (next) => {
                    const title = next.title;
                    const version = next.version_number;
                    notify('success', tGlobal`${title} updated to ${version}`);
                    check.reset();
                  },
                  onError: reportError,
                },
              )
            }
            onRemove={() =>
              remove.mutate(addon.id, {
                onSuccess: () => {
                  const title = addon.title;
                  notify('success', tGlobal`${title} removed`);
                },
                onError: reportError,
              })
            }
          />
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="addons-installed" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="addons-installed" className="text-base font-semibold">
          <Trans>Installed</Trans>
        </h3>
        <Button
          variant="secondary"
          loading={check.isPending}
          disabled={!installed.data?.length}
          onClick={() =>
            check.mutate(undefined, {
              onSuccess: (list) => {
                const count = list.length;
                notify(
                  'info',
                  count === 0
                    ? tGlobal`Everything is up to date`
                    : plural(count, {
                        one: '# update available',
                        other: '# updates available',
                      }),
                );
              },
              onError: reportError,
            })
          }
        >
          <RefreshCw aria-hidden className="size-4" />
          <Trans>Check for updates</Trans>
        </Button>
      </div>
      {body}
    </section>
  );
}

function InstalledRow({
  addon,
  update,
  canChange,
  busy,
  onUpdate,
  onRemove,
}: {
  addon: InstalledAddon;
  update: AddonUpdate | undefined;
  canChange: boolean;
  busy: boolean;
  onUpdate: (update: AddonUpdate) => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const title = addon.title;
  const latest = update?.latest.version_number ?? '';
  return (
    <li
      aria-label={addon.title}
      className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
    >
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="font-medium">{addon.title}</span>
        <span className="truncate text-[13px] text-muted">
          {addon.version_number} · <code>{addon.path}</code>
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {addon.present ? null : (
          <Badge tone="warning">
            <Trans>File missing</Trans>
          </Badge>
        )}
        {update ? <Badge tone="success">{t`Update: ${latest}`}</Badge> : null}
        {update && canChange ? (
          <Button
            size="sm"
            variant="primary"
            loading={busy}
            onClick={() => onUpdate(update)}
            aria-label={t`Update ${title}`}
          >
            <Trans>Update</Trans>
          </Button>
        ) : null}
        {canChange ? (
          <Button
            size="sm"
            variant="danger"
            loading={busy}
            onClick={onRemove}
            aria-label={t`Remove ${title}`}
          >
            <Trans>Remove</Trans>
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The hits of every page fetched so far, in order, each project once: results can move between
 * pages while one reads them (a project's downloads change its rank), and a project shown twice
 * would be two rows with one key.
 */
function searchResults(pages: readonly AddonSearchPage[]) {
  const seen = new Set<string>();
  const hits = pages
    .flatMap((page) => page.hits)
    .filter((hit) => !seen.has(hit.project_id) && seen.add(hit.project_id));
  const last = pages[pages.length - 1];
  return { kind: last?.kind ?? 'mod', hits, total: last?.total_hits ?? 0 };
}

function SearchSection({
  instance,
  target,
  rights,
}: {
  instance: InstanceInfo;
  target: AddonTarget;
  rights: AddonRights;
}) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [kind, setKind] = useState<AddonKind>(target.kinds[0] ?? 'datapack');
  const [search, setSearch] = useState<AddonSearch | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const results = useAddonSearch(instance.uuid, search);
  const found = results.data ? searchResults(results.data.pages) : null;
  const shown = found?.hits.length ?? 0;
  const total = formatNumber(found?.total ?? 0);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setOpen(null);
    setSearch({ text: text.trim(), kind });
  };

  return (
    <section aria-labelledby="addons-search" className="flex flex-col gap-3">
      <h3 id="addons-search" className="text-base font-semibold">
        <Trans>Find on Modrinth</Trans>
      </h3>
      <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <TextField
            label={t`Search`}
            type="search"
            value={text}
            maxLength={200}
            onChange={(e) => setText(e.currentTarget.value)}
          />
        </div>
        {target.kinds.length > 1 ? (
          <SelectField
            label={t`Kind`}
            value={kind}
            options={target.kinds.map((k) => ({ value: k, label: kindLabel(k) }))}
            onChange={(e) => setKind(e.currentTarget.value as AddonKind)}
          />
        ) : null}
        <Button
          type="submit"
          variant="primary"
          loading={results.isFetching && !results.isFetchingNextPage}
        >
          <Search aria-hidden className="size-4" />
          <Trans>Search</Trans>
        </Button>
      </form>
      {results.isError ? <LoadError error={results.error} /> : null}
      {found ? (
        found.hits.length === 0 ? (
          <TabNotice>{noneFoundText(found.kind)}</TabNotice>
        ) : (
          <>
            <ul aria-label={t`Results`} className="flex flex-col gap-2">
              {found.hits.map((hit) => (
                <SearchHit
                  key={hit.project_id}
                  instance={instance}
                  hit={hit}
                  kind={found.kind}
                  rights={rights}
                  open={open === hit.project_id}
                  onToggle={() => setOpen(open === hit.project_id ? null : hit.project_id)}
                />
              ))}
            </ul>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p role="status" className="text-[13px] text-muted">
                <Trans>
                  Showing {shown} of {total}
                </Trans>
              </p>
              {results.hasNextPage ? (
                <Button
                  onClick={() => void results.fetchNextPage()}
                  loading={results.isFetchingNextPage}
                >
                  <Trans>Load more</Trans>
                </Button>
              ) : null}
            </div>
          </>
        )
      ) : null}
    </section>
  );
}

function SearchHit({
  instance,
  hit,
  kind,
  rights,
  open,
  onToggle,
}: {
  instance: InstanceInfo;
  hit: AddonSearchHit;
  kind: AddonKind;
  rights: AddonRights;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useLingui();
  const panel = `addon-versions-${hit.project_id}`;
  const title = hit.title;
  const author = hit.author;
  const downloads = compactCount(hit.downloads);
  return (
    <li aria-label={hit.title} className="flex flex-col gap-2 rounded-lg border border-line p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <span className="font-medium">
            {hit.title}{' '}
            <span className="text-[13px] font-normal text-muted">{t`by ${author}`}</span>
          </span>
          <span className="text-[13px] text-muted">{hit.description}</span>
          <span className="text-[13px] text-faint">{t`${downloads} downloads`}</span>
        </div>
        <div className="flex items-center gap-2">
          {hit.installed ? (
            <Badge tone="success">
              <Trans>Installed</Trans>
            </Badge>
          ) : null}
          <Button
            size="sm"
            variant="secondary"
            aria-expanded={open}
            aria-controls={panel}
            onClick={onToggle}
            aria-label={t`Versions of ${title}`}
          >
            <Trans>Versions</Trans>
          </Button>
        </div>
      </div>
      {open ? (
        <div id={panel}>
          <ProjectVersions
            instance={instance}
            projectId={hit.project_id}
            kind={kind}
            canInstall={mayChange(rights, kind)}
          />
        </div>
      ) : null}
    </li>
  );
}

function ProjectVersions({
  instance,
  projectId,
  kind,
  canInstall,
}: {
  instance: InstanceInfo;
  projectId: string;
  kind: AddonKind;
  canInstall: boolean;
}) {
  const { t } = useLingui();
  const project = useAddonProject(instance.uuid, projectId, kind);
  const install = useInstallAddonMutation(instance.uuid);
  const [all, setAll] = useState(false);
  if (project.isPending) return <Spinner label={t`Loading versions`} />;
  if (project.isError) return <LoadError error={project.error} />;
  const versions = all ? project.data.versions : project.data.versions.slice(0, VERSIONS_SHOWN);
  if (versions.length === 0)
    return (
      <p className="text-sm text-muted">
        <Trans>No version of it fits this server.</Trans>
      </p>
    );
  const title = project.data.title;
  const count = project.data.versions.length;
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label={t`Versions of ${title}`} className="flex flex-col gap-2">
        {versions.map((version) => (
          <VersionRow
            key={version.id}
            version={version}
            canInstall={canInstall}
            busy={install.isPending && install.variables.version_id === version.id}
            onInstall={() =>
              install.mutate(
                { version_id: version.id, with_dependencies: true },
                {
                  onSuccess: (added) => {
                    const titles = added.map((a) => a.title).join(', ');
                    const number = version.version_number;
                    notify(
                      'success',
                      added.length > 1 ? t`Installed ${titles}` : t`Installed ${title} ${number}`,
                    );
                  },
                  onError: reportError,
                },
              )
            }
          />
        ))}
      </ul>
      {!all && project.data.versions.length > VERSIONS_SHOWN ? (
        <Button size="sm" variant="ghost" onClick={() => setAll(true)}>
          <Trans>Show all {count} versions</Trans>
        </Button>
      ) : null}
    </div>
  );
}

function VersionRow({
  version,
  canInstall,
  busy,
  onInstall,
}: {
  version: AddonVersion;
  canInstall: boolean;
  busy: boolean;
  onInstall: () => void;
}) {
  const { t } = useLingui();
  const deps = version.dependencies.filter((d) => d.dependency_type !== 'embedded');
  const number = version.version_number;
  return (
    <li
      aria-label={version.version_number}
      className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-raised px-3 py-2"
    >
      <div className="flex min-w-0 flex-col gap-0.5 text-[13px]">
        <span className="font-medium">
          {version.version_number}{' '}
          {version.version_type === 'release' ? null : (
            <Badge tone="warning">{version.version_type}</Badge>
          )}
        </span>
        <span className="text-muted">{version.game_versions.join(', ')}</span>
        {deps.length > 0 ? (
          <span className="text-muted">
            <Trans>Needs:</Trans>{' '}
            {deps.map((d, i) => {
              const name = d.title ?? d.project_id ?? d.file_name ?? '';
              const type = d.dependency_type;
              return (
                <span key={`${d.project_id ?? d.file_name ?? i}`}>
                  {i > 0 ? ', ' : ''}
                  {d.installed ? t`${name} (${type}, installed)` : t`${name} (${type})`}
                </span>
              );
            })}
          </span>
        ) : null}
      </div>
      {canInstall ? (
        <Button
          size="sm"
          variant="primary"
          loading={busy}
          disabled={version.file === null}
          onClick={onInstall}
          aria-label={t`Install ${number}`}
        >
          <Trans>Install</Trans>
        </Button>
      ) : null}
    </li>
  );
}

/** The tab's page, titled. */
function Layout({ children }: { children: ReactNode }) {
  return <TabPage title={<Trans>Add-ons</Trans>}>{children}</TabPage>;
}
