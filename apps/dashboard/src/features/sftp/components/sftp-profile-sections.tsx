import { useId, useState } from 'react';
import { SSH_KEY_NAME_MAX } from '@hearth/protocol';
import type { SshKey } from '@hearth/protocol';
import { SettingRow, SettingsSection } from '@/components/layout/settings-section.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { CopyText } from '@/components/ui/copy-text.tsx';
import { FormError, TextField } from '@/components/ui/field.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import {
  useAddSshKeyMutation,
  useRemoveSshKeyMutation,
  useSftpInfo,
  useSshKeys,
} from '../api/sftp.ts';
import { sftpHost, validatePublicKey } from '../sftp-text.ts';

const date = (seconds: number) => new Date(seconds * 1000).toLocaleDateString();

/** Profile: where to connect over SFTP, the username for each instance, and your SSH keys. */
export function SftpProfileSections({ core }: { core: CoreConnection }) {
  return (
    <>
      <SftpAccountsSection core={core} />
      <SshKeysSection core={core} />
    </>
  );
}

function SftpAccountsSection({ core }: { core: CoreConnection }) {
  const info = useSftpInfo(core);
  const data = info.data;
  return (
    <SettingsSection
      title="SFTP"
      description="Move files with FileZilla, WinSCP or sftp. Sign in with your password or one of your SSH keys; each instance has its own username."
    >
      {info.isError ? (
        <SettingRow title="SFTP" description={toUserMessage(info.error)} />
      ) : data === undefined ? null : !data.enabled ? (
        <SettingRow title="SFTP is off" description="The owner can turn it on in Core Settings." />
      ) : (
        <>
          <SettingRow
            title="Address"
            description={
              data.listening
                ? `Protocol SFTP, port ${data.port}.`
                : (data.problem ?? 'The server is not listening right now.')
            }
            control={<CopyText text={sftpHost(core.address)} />}
          />
          <SettingRow title="Port" control={<CopyText text={String(data.port)} />} />
          {data.host_key_fingerprint ? (
            <SettingRow
              title="Server key fingerprint"
              description="Your client shows this the first time you connect: check that it matches."
              control={<CopyText text={data.host_key_fingerprint} className="text-[13px]" />}
            />
          ) : null}
          {data.accounts.length === 0 ? (
            <SettingRow
              title="No instances"
              description="You cannot read the files of any instance yet."
            />
          ) : (
            data.accounts.map((account) => (
              <SettingRow
                key={account.instance_uuid}
                title={account.instance_name}
                description={account.writable ? 'Read and write' : 'Read only'}
                control={<CopyText text={account.username} />}
              />
            ))
          )}
        </>
      )}
    </SettingsSection>
  );
}

function SshKeysSection({ core }: { core: CoreConnection }) {
  const keys = useSshKeys(core);
  const [removing, setRemoving] = useState<SshKey | null>(null);
  const remove = useRemoveSshKeyMutation();
  return (
    <SettingsSection
      title="SSH Keys"
      description="Public keys that sign you in to SFTP instead of your password. Removing one ends the SFTP sessions it signed in."
    >
      {keys.isError ? (
        <SettingRow title="SSH keys" description={toUserMessage(keys.error)} />
      ) : null}
      {(keys.data ?? []).map((key) => (
        <SettingRow
          key={key.id}
          title={key.name}
          description={
            <span className="flex flex-col gap-0.5">
              <span className="font-mono break-all">{key.fingerprint}</span>
              <span>
                {key.algorithm} · added {date(key.created_at)} ·{' '}
                {key.last_used_at === null ? 'never used' : `last used ${date(key.last_used_at)}`}
              </span>
            </span>
          }
          control={
            <Button variant="danger" onClick={() => setRemoving(key)}>
              Remove
            </Button>
          }
        />
      ))}
      {keys.data?.length === 0 ? (
        <SettingRow title="No keys yet" description="Add the .pub file of a key pair you use." />
      ) : null}
      <AddSshKeyForm core={core} />
      {removing ? (
        <ConfirmDialog
          title={`Remove the key "${removing.name}"?`}
          description="It no longer signs you in, and SFTP sessions it signed in end now."
          confirmLabel="Remove key"
          pending={remove.isPending}
          error={remove.isError ? toUserMessage(remove.error) : null}
          onConfirm={() =>
            remove.mutate(
              { core, id: removing.id },
              {
                onSuccess: () => {
                  setRemoving(null);
                  notify('success', 'SSH key removed');
                },
              },
            )
          }
          onClose={() => {
            remove.reset();
            setRemoving(null);
          }}
        />
      ) : null}
    </SettingsSection>
  );
}

function AddSshKeyForm({ core }: { core: CoreConnection }) {
  const keyId = useId();
  const [name, setName] = useState('');
  const [publicKey, setPublicKey] = useState('');
  const [tried, setTried] = useState(false);
  const add = useAddSshKeyMutation();
  const nameError = tried && name.trim() === '' ? 'Give the key a name' : undefined;
  const keyError = tried ? (validatePublicKey(publicKey) ?? undefined) : undefined;

  const submit = () => {
    setTried(true);
    if (name.trim() === '' || validatePublicKey(publicKey) !== null) return;
    add.mutate(
      { core, key: { name: name.trim(), public_key: publicKey.trim() } },
      {
        onSuccess: () => {
          setName('');
          setPublicKey('');
          setTried(false);
          notify('success', 'SSH key added');
        },
      },
    );
  };

  return (
    <form
      noValidate
      aria-label="Add an SSH key"
      className="flex flex-col gap-4 px-5 py-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TextField
        label="Key name"
        value={name}
        maxLength={SSH_KEY_NAME_MAX}
        placeholder="Laptop"
        error={nameError}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={keyId} className="text-[13px] font-medium text-muted">
          Public key
        </label>
        <textarea
          id={keyId}
          rows={3}
          spellCheck={false}
          value={publicKey}
          placeholder="ssh-ed25519 AAAA… you@laptop"
          aria-invalid={keyError ? true : undefined}
          aria-describedby={keyError ? `${keyId}-error` : `${keyId}-hint`}
          onChange={(event) => setPublicKey(event.target.value)}
          className="rounded-md border border-line bg-bg px-3 py-2 font-mono text-[13px] break-all text-fg focus-visible:outline-2 focus-visible:outline-accent"
        />
        {keyError ? (
          <p id={`${keyId}-error`} role="alert" className="text-[13px] text-danger">
            {keyError}
          </p>
        ) : (
          <p id={`${keyId}-hint`} className="text-[13px] text-faint">
            The contents of your .pub file, for example ~/.ssh/id_ed25519.pub. Never the private
            key.
          </p>
        )}
      </div>
      <FormError message={add.isError ? toUserMessage(add.error) : null} />
      <div className="flex justify-end">
        <Button type="submit" variant="primary" loading={add.isPending}>
          Add key
        </Button>
      </div>
    </form>
  );
}
