import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type {
  ImportCreateInput,
  ImportFlavour,
  SetupManifest,
  StagedImport,
} from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import { FormError, SelectField, TextField } from '@/components/ui/field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import { notify } from '@/lib/toast.ts';
import {
  discardImport,
  useCreateFromImportMutation,
  useStageImportMutation,
} from '../api/import-server.ts';
import { useGenericManifest } from '../api/load-generic-manifest.ts';
import { buildSetupValue, initialAutoValues, initialManifestValues } from '../setup-form.ts';
import type { CreationTracker } from '../use-open-created-instance.ts';

const FLAVOURS: { value: ImportFlavour; label: string }[] = [
  { value: 'vanilla', label: 'Vanilla' },
  { value: 'paper', label: 'Paper' },
  { value: 'fabric', label: 'Fabric' },
  { value: 'forge', label: 'Forge' },
];

// An example path, not language: the same in every translation.
const EXAMPLE_FOLDER = '/srv/minecraft';

export interface ImportServerProps {
  /** The owner with safe mode off may also copy a folder on the core's machine. */
  hostFolder: boolean;
  onBack: () => void;
  onDone: () => void;
  tracker?: CreationTracker | undefined;
}

/**
 * The wizard's "Import an existing server" way (Hearth, issue 27): upload an archive (or, the
 * owner with safe mode off, name a folder on the core's machine), see what the core detected,
 * correct it, create.
 */
export function ImportServer({ hostFolder, onBack, onDone, tracker }: ImportServerProps) {
  const stage = useStageImportMutation();
  const [staged, setStaged] = useState<StagedImport | null>(null);
  const back = () => {
    if (staged) void discardImport(staged.id).catch(() => undefined);
    onBack();
  };
  if (!staged)
    return (
      <StageStep
        hostFolder={hostFolder}
        busy={stage.isPending}
        error={stage.error ? toUserMessage(stage.error) : null}
        onStage={(source) => stage.mutate(source, { onSuccess: setStaged })}
        onBack={back}
      />
    );
  return <ReviewStep staged={staged} onBack={back} onDone={onDone} tracker={tracker} />;
}

function StageStep({
  hostFolder,
  busy,
  error,
  onStage,
  onBack,
}: {
  hostFolder: boolean;
  busy: boolean;
  error: string | null;
  onStage: (source: { file: File } | { path: string }) => void;
  onBack: () => void;
}) {
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [path, setPath] = useState('');
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-muted">
        <Trans>
          A <code>.zip</code>, <code>.tar.gz</code> or <code>.tar</code> of a server folder (a
          backup downloaded from Hearth works too). Hearth reads what it is, and you check it before
          anything is created. Links and special files are refused.
        </Trans>
      </p>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          if (file) onStage({ file });
        }}
      >
        <label className="flex flex-1 flex-col gap-1.5 text-sm font-medium">
          <Trans>Server archive</Trans>
          <input
            type="file"
            accept=".zip,.tar.gz,.tgz,.tar"
            className="text-sm"
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
        </label>
        <Button type="submit" variant="primary" disabled={!file} loading={busy && file !== null}>
          <Trans>Upload and detect</Trans>
        </Button>
      </form>
      {hostFolder ? (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            if (path.trim()) onStage({ path: path.trim() });
          }}
        >
          <div className="min-w-60 flex-1">
            <TextField
              label={t`Folder on the core's machine`}
              hint={t`Copied into a new instance folder; the original is left as it is.`}
              placeholder={EXAMPLE_FOLDER}
              value={path}
              onChange={(e) => setPath(e.currentTarget.value)}
            />
          </div>
          <Button type="submit" disabled={path.trim() === ''} loading={busy && file === null}>
            <Trans>Copy and detect</Trans>
          </Button>
        </form>
      ) : null}
      {busy ? <Spinner label={t`Reading the server`} /> : null}
      <FormError message={error} />
      <div className="flex justify-between gap-2 border-t border-line pt-4">
        <Button onClick={onBack}>
          <Trans>Back</Trans>
        </Button>
      </div>
    </div>
  );
}

function ReviewStep({
  staged,
  onBack,
  onDone,
  tracker,
}: {
  staged: StagedImport;
  onBack: () => void;
  onDone: () => void;
  tracker?: CreationTracker | undefined;
}) {
  const { t } = useLingui();
  const d = staged.detection;
  const mc = d.minecraft;
  const [kind, setKind] = useState(d.kind);
  const [name, setName] = useState(d.name);
  const [port, setPort] = useState(String(d.port ?? 25565));
  const [flavour, setFlavour] = useState<ImportFlavour>(mc.flavour ?? 'vanilla');
  const [version, setVersion] = useState(mc.version ?? '');
  const [jar, setJar] = useState(mc.server_jar ?? d.jars[0] ?? '');
  const [java, setJava] = useState(mc.java_major === null ? '' : String(mc.java_major));
  const [maxRam, setMaxRam] = useState(String(mc.max_ram ?? 2048));
  const [command, setCommand] = useState(d.command ?? '');
  const manifest = useGenericManifest(kind === 'definition' ? (d.definition?.url ?? null) : null);
  const create = useCreateFromImportMutation();

  const portNumber = Number(port);
  const portOk = Number.isInteger(portNumber) && portNumber > 0 && portNumber <= 65535;
  // A game with a "port" setting (flying-squid) gets the Port field too: a backup imported beside
  // the server it came from must move to another port (the core refuses a port already taken).
  const definitionPort = manifest.data ? hasSetting(manifest.data, 'port') : false;
  const showPort = kind !== 'definition' || definitionPort;
  let body: ImportCreateInput | null = null;
  if (name.trim() !== '' && kind === 'minecraft' && portOk && version.trim() && jar)
    body = {
      kind,
      name: name.trim(),
      port: portNumber,
      flavour,
      version: version.trim(),
      loader_version: mc.loader_version,
      server_jar: jar,
      java_major: java.trim() === '' ? null : Number(java),
      min_ram: Math.min(mc.min_ram ?? 1024, Number(maxRam) || 0),
      max_ram: Number(maxRam) || 0,
      cmd_args: mc.cmd_args,
    };
  else if (name.trim() !== '' && kind === 'command' && portOk && command.trim())
    body = { kind, name: name.trim(), port: portNumber, command: command.trim() };
  else if (
    name.trim() !== '' &&
    kind === 'definition' &&
    d.definition &&
    manifest.data &&
    (!definitionPort || portOk)
  ) {
    const values = initialManifestValues(manifest.data);
    for (const section of Object.values(values))
      for (const id of Object.keys(section)) {
        const found = d.definition.values[id];
        if (found !== undefined) section[id] = typeof found === 'boolean' ? found : String(found);
        if (id === 'port' && definitionPort) section[id] = String(portNumber);
      }
    body = {
      kind,
      url: d.definition.url,
      setup_value: buildSetupValue(
        manifest.data,
        { name, description: d.description },
        values,
        initialAutoValues(),
      ),
    };
  }

  const submit = () => {
    if (!body) return;
    tracker?.begin();
    create.mutate(
      { id: staged.id, body },
      {
        onSuccess: (uuid) => {
          tracker?.watch({ uuid, name: name.trim() });
          onDone();
        },
        onError: (err) => {
          const cause = toUserMessage(err);
          notify('error', tGlobal`Error importing: ${cause}`);
        },
      },
    );
  };

  const files = d.files;
  const kinds = [
    { value: 'minecraft', label: t`Minecraft Java server` },
    ...(d.definition ? [{ value: 'definition', label: d.definition.game_display_name }] : []),
    { value: 'command', label: t`Other (a start command)` },
  ];

  return (
    <div className="flex flex-col gap-4">
      <section aria-label={t`Detected`} className="rounded-lg border border-line bg-panel p-4">
        <p className="text-sm font-medium">
          {d.lodestone
            ? t`Detected: ${files} files, a Lodestone instance`
            : t`Detected: ${files} files`}
        </p>
        <ul className="mt-1 list-disc pl-5 text-[13px] text-muted">
          {d.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </section>
      <SelectField
        label={t`Import as`}
        value={kind}
        options={kinds}
        onChange={(e) => setKind(e.currentTarget.value as typeof kind)}
      />
      <TextField label={t`Name`} value={name} onChange={(e) => setName(e.currentTarget.value)} />
      {showPort ? (
        <TextField
          label={t`Port`}
          inputMode="numeric"
          value={port}
          error={portOk ? undefined : t`A port from 1 to 65535`}
          onChange={(e) => setPort(e.currentTarget.value)}
        />
      ) : null}
      {kind === 'minecraft' ? (
        <Fields>
          <SelectField
            label={t`Flavour`}
            value={flavour}
            options={FLAVOURS}
            onChange={(e) => setFlavour(e.currentTarget.value as ImportFlavour)}
          />
          <TextField
            label={t`Minecraft version`}
            value={version}
            onChange={(e) => setVersion(e.currentTarget.value)}
          />
          <SelectField
            label={t`Server jar`}
            value={jar}
            options={d.jars.map((j) => ({ value: j, label: j }))}
            onChange={(e) => setJar(e.currentTarget.value)}
          />
          <TextField
            label={t`Java version`}
            optional
            inputMode="numeric"
            hint={t`Empty: the one Mojang lists for this Minecraft version.`}
            value={java}
            onChange={(e) => setJava(e.currentTarget.value)}
          />
          <TextField
            label={t`Max memory (MiB)`}
            inputMode="numeric"
            value={maxRam}
            onChange={(e) => setMaxRam(e.currentTarget.value)}
          />
        </Fields>
      ) : null}
      {kind === 'command' ? (
        <TextField
          label={t`Start command`}
          hint={t`Runs inside the server's sandbox, in the instance folder. Check it: it is what starts.`}
          value={command}
          onChange={(e) => setCommand(e.currentTarget.value)}
        />
      ) : null}
      {kind === 'definition' && manifest.isPending ? <Spinner label={t`Loading the game`} /> : null}
      <div className="flex justify-between gap-2 border-t border-line pt-4">
        <Button onClick={onBack}>
          <Trans>Back</Trans>
        </Button>
        <Button variant="primary" onClick={submit} disabled={!body} loading={create.isPending}>
          <Trans>Import</Trans>
        </Button>
      </div>
    </div>
  );
}

/** Whether one of the game's setup settings has this id. */
function hasSetting(manifest: SetupManifest, id: string): boolean {
  return Object.values(manifest.setting_sections).some((section) => id in section.settings);
}

function Fields({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 wide:grid-cols-2">{children}</div>;
}
