import { useId, useState } from 'react';
import { SSH_KEY_NAME_MAX } from '@hearth/protocol';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SshKey } from '@hearth/protocol';
import { SettingRow, SettingsSection } from '@/components/layout/settings-section.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { CopyText } from '@/components/ui/copy-text.tsx';
import { FormError, TextField } from '@/components/ui/field.tsx';
import { mutationFeedback, toUserMessage } from '@/lib/errors.ts';
import { formatDate } from '@/lib/i18n/format.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import {
  useAddSshKeyMutation,
  useRemoveSshKeyMutation,
  useSftpInfo,
  useSshKeys,
} from '../api/sftp.ts';
import { sftpHost, validatePublicKey } from '../sftp-text.ts';

const date = (seconds: number) =>
  formatDate(seconds * 1000, { year: 'numeric', month: 'numeric', day: 'numeric' });

const addedText = (when: string) => t`added ${when}`;
const lastUsedText = (when: string) => t`last used ${when}`;
const removeTitle = (name: string) => t`Remove the key "${name}"?`;

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
  const { t } = useLingui();
  const info = useSftpInfo(core);
  const data = info.data;
  const port = data?.port;
  return (
    <SettingsSection
      title="SFTP"
      description={t`Move files with FileZilla, WinSCP or sftp. Sign in with your password or one of your SSH keys; each instance has its own username.`}
    >
      {info.isError ? (
        <SettingRow title="SFTP" description={toUserMessage(info.error)} />
      ) : data === undefined ? null : !data.enabled ? (
        <SettingRow
          title={t`SFTP is off`}
          description={t`The owner can turn it on in Core Settings.`}
        />
      ) : (
        <>
          <SettingRow
            title={t`Address`}
            description={
              data.listening
                ? t`Protocol SFTP, port ${port}.`
                : (data.problem ?? t`The server is not listening right now.`)
            }
            control={<CopyText text={sftpHost(core.address)} />}
          />
          <SettingRow title={t`Port`} control={<CopyText text={String(data.port)} />} />
          {data.host_key_fingerprint ? (
            <SettingRow
              title={t`Server key fingerprint`}
              description={t`Your client shows this the first time you connect: check that it matches.`}
              control={<CopyText text={data.host_key_fingerprint} className="text-[13px]" />}
            />
          ) : null}
          {data.accounts.length === 0 ? (
            <SettingRow
              title={t`No instances`}
              description={t`You cannot read the files of any instance yet.`}
            />
          ) : (
            data.accounts.map((account) => (
              <SettingRow
                key={account.instance_uuid}
                title={account.instance_name}
                description={account.writable ? t`Read and write` : t`Read only`}
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
  const { t } = useLingui();
  const keys = useSshKeys(core);
  const [removing, setRemoving] = useState<SshKey | null>(null);
  const remove = useRemoveSshKeyMutation();
  return (
    <SettingsSection
      title={t`SSH Keys`}
      description={t`Public keys that sign you in to SFTP instead of your password. Removing one ends the SFTP sessions it signed in.`}
    >
      {keys.isError ? (
        <SettingRow title={t`SSH keys`} description={toUserMessage(keys.error)} />
      ) : null}
      {(keys.data ?? []).map((key) => (
        <SettingRow
          key={key.id}
          title={key.name}
          description={
            <span className="flex flex-col gap-0.5">
              <span className="font-mono break-all">{key.fingerprint}</span>
              <span>
                {key.algorithm} · {addedText(date(key.created_at))} ·{' '}
                {key.last_used_at === null ? t`never used` : lastUsedText(date(key.last_used_at))}
              </span>
            </span>
          }
          control={
            <Button variant="danger" onClick={() => setRemoving(key)}>
              <Trans>Remove</Trans>
            </Button>
          }
        />
      ))}
      {keys.data?.length === 0 ? (
        <SettingRow
          title={t`No keys yet`}
          description={t`Add the .pub file of a key pair you use.`}
        />
      ) : null}
      <AddSshKeyForm core={core} />
      {removing ? (
        <ConfirmDialog
          title={removeTitle(removing.name)}
          description={t`It no longer signs you in, and SFTP sessions it signed in end now.`}
          confirmLabel={t`Remove key`}
          {...mutationFeedback(remove)}
          onConfirm={() =>
            remove.mutate(
              { core, id: removing.id },
              {
                onSuccess: () => {
                  setRemoving(null);
                  notify('success', t`SSH key removed`);
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
  const { t } = useLingui();
  const keyId = useId();
  const [name, setName] = useState('');
  const [publicKey, setPublicKey] = useState('');
  const [tried, setTried] = useState(false);
  const add = useAddSshKeyMutation();
  const nameError = tried && name.trim() === '' ? t`Give the key a name` : undefined;
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
          notify('success', t`SSH key added`);
        },
      },
    );
  };

  return (
    <form
      noValidate
      aria-label={t`Add an SSH key`}
      className="flex flex-col gap-4 px-5 py-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TextField
        label={t`Key name`}
        value={name}
        maxLength={SSH_KEY_NAME_MAX}
        placeholder={t`Laptop`}
        error={nameError}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={keyId} className="text-[13px] font-medium text-muted">
          <Trans>Public key</Trans>
        </label>
        <textarea
          id={keyId}
          rows={3}
          spellCheck={false}
          value={publicKey}
          placeholder={t`ssh-ed25519 AAAA… you@laptop`}
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
            <Trans>
              The contents of your .pub file, for example ~/.ssh/id_ed25519.pub. Never the private
              key.
            </Trans>
          </p>
        )}
      </div>
      <FormError message={mutationFeedback(add).error} />
      <div className="flex justify-end">
        <Button type="submit" variant="primary" loading={add.isPending}>
          <Trans>Add key</Trans>
        </Button>
      </div>
    </form>
  );
}
