import { useState } from 'react';
import { t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { InstanceInfo } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import { FormError, SelectField, TextField } from '@/components/ui/field.tsx';
import { mutationFeedback } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { useMoveInstanceMutation } from '../api/move-instance.ts';

/** A saved core the user may create instances on (app/ decides, with that core's user). */
export interface MoveTarget {
  key: string;
  name: string;
  core: CoreConnection;
}

/**
 * Danger Zone: Move to another core (issue 26). The target core pulls the instance from this one
 * with a single-use key; this copy stays until the user deletes it.
 */
export function MoveInstance({
  instance,
  source,
  sourceUrl,
  targets,
  canExport,
}: {
  instance: InstanceInfo;
  source: CoreConnection;
  /** This core's address as another core reaches it (its public domain, else its address). */
  sourceUrl: string;
  targets: readonly MoveTarget[];
  /** The user may read this instance's files (the source's rule for a key). */
  canExport: boolean;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [targetKey, setTargetKey] = useState('');
  const [address, setAddress] = useState(sourceUrl);
  const move = useMoveInstanceMutation();
  const target = targets.find((each) => each.key === targetKey) ?? targets[0];
  const allowed = canExport && targets.length > 0;
  const name = instance.name;

  const confirm = () => {
    if (!target) return;
    move.mutate(
      { source, target: target.core, uuid: instance.uuid, sourceUrl: address.trim() },
      {
        onSuccess: () => {
          setOpen(false);
          const name = instance.name;
          const core = target.name;
          notify(
            'success',
            tGlobal`${name} is on ${core} now; this copy stays here until you delete it`,
          );
        },
      },
    );
  };

  return (
    <>
      <div className="flex items-center justify-between gap-4 rounded-lg border border-danger/40 bg-danger/5 px-5 py-4">
        <div>
          <p className="text-sm font-medium">
            <Trans>Move to another core</Trans>
          </p>
          <p className="text-[13px] text-muted">
            {targets.length > 0
              ? t`Copies the instance to another of your cores; stop it first.`
              : t`Sign in to another core where you may create instances to move it there.`}
          </p>
        </div>
        <Button
          disabled={!allowed}
          title={canExport ? undefined : t`No permission`}
          onClick={() => {
            move.reset();
            setAddress(sourceUrl);
            setOpen(true);
          }}
        >
          {canExport ? t`Move…` : t`No permission`}
        </Button>
      </div>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={t`Move "${name}"`}
        description={t`The other core downloads it straight from this one. This copy is kept until you delete it.`}
        width={520}
        actions={
          <>
            <Button onClick={() => setOpen(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button variant="primary" loading={move.isPending} onClick={confirm}>
              <Trans>Move instance</Trans>
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-3">
          <SelectField
            label={t`Target core`}
            value={target?.key ?? ''}
            options={targets.map((each) => ({ value: each.key, label: each.name }))}
            onChange={(e) => setTargetKey(e.target.value)}
          />
          <TextField
            label={t`This core's address, as the target core reaches it`}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
          />
          <FormError message={mutationFeedback(move).error} />
        </div>
      </Modal>
    </>
  );
}
