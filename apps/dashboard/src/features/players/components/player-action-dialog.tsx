import { t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ipAddressProblem, playerNameProblem, playerReasonProblem } from '@hearth/protocol';
import type { PlayerAction } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import { FormError, TextField } from '@/components/ui/field.tsx';
import { mutationFeedback } from '@/lib/errors.ts';
import { useForm } from '@/lib/use-form.ts';
import type { FormErrors } from '@/lib/use-form.ts';
import { usePlayerActionMutation } from '../api/run-player-action.ts';

/** What the dialog asks for: a reason for a kick or ban, a name or an address to add. */
export type DialogRequest =
  | { action: 'kick' | 'ban'; name: string | null }
  | { action: 'ban_ip' }
  | { action: 'op' | 'whitelist_add' };

interface Words {
  title: string;
  description: string;
  confirm: string;
}

function wordsFor(request: DialogRequest): Words {
  switch (request.action) {
    case 'kick': {
      const name = request.name;
      return {
        title: name === null ? tGlobal`Kick a player` : tGlobal`Kick ${name}`,
        description: tGlobal`They can join again at once. The reason is shown to them.`,
        confirm: tGlobal`Kick`,
      };
    }
    case 'ban': {
      const name = request.name;
      return {
        title: name ? tGlobal`Ban ${name}` : tGlobal`Ban a player`,
        description: tGlobal`They cannot join until they are pardoned. The reason is shown to them.`,
        confirm: tGlobal`Ban`,
      };
    }
    case 'ban_ip':
      return {
        title: tGlobal`Ban an IP address`,
        description: tGlobal`Nobody can join from this address until it is pardoned.`,
        confirm: tGlobal`Ban IP`,
      };
    case 'op':
      return {
        title: tGlobal`Add an operator`,
        description: tGlobal`Operators can use the server's commands in game.`,
        confirm: tGlobal`Make operator`,
      };
    case 'whitelist_add':
      return {
        title: tGlobal`Add to the whitelist`,
        description: tGlobal`While the whitelist is on, only listed players and operators can join.`,
        confirm: tGlobal`Add`,
      };
  }
}

type Values = { name: string; ip: string; reason: string };

function actionOf(request: DialogRequest, values: Values): PlayerAction {
  const reason = values.reason.trim() || null;
  switch (request.action) {
    case 'kick':
    case 'ban':
      return { action: request.action, name: (request.name ?? values.name).trim(), reason };
    case 'ban_ip':
      return { action: 'ban_ip', ip: values.ip.trim(), reason };
    case 'op':
    case 'whitelist_add':
      return { action: request.action, name: values.name.trim() };
  }
}

export interface PlayerActionDialogProps {
  instanceUuid: string;
  request: DialogRequest;
  onClose: () => void;
}

/** Asks for what an action needs, runs it, says what happened (a toast) or what went wrong. */
export function PlayerActionDialog({ instanceUuid, request, onClose }: PlayerActionDialogProps) {
  const { t } = useLingui();
  const run = usePlayerActionMutation(instanceUuid, { toastErrors: false });
  const words = wordsFor(request);
  const asksName =
    request.action === 'op' ||
    request.action === 'whitelist_add' ||
    ((request.action === 'kick' || request.action === 'ban') && request.name === null);
  const asksIp = request.action === 'ban_ip';
  const asksReason = request.action === 'kick' || request.action === 'ban' || asksIp;
  const form = useForm<Values>({ name: '', ip: '', reason: '' }, (values) => {
    const errors: FormErrors<Values> = {};
    const name = asksName ? playerNameProblem(values.name) : null;
    const ip = asksIp ? ipAddressProblem(values.ip) : null;
    const reason = asksReason ? playerReasonProblem(values.reason) : null;
    if (name) errors.name = name;
    if (ip) errors.ip = ip;
    if (reason) errors.reason = reason;
    return errors;
  });
  const submit = form.handleSubmit((values) => {
    const action = actionOf(request, values);
    run.mutate(action, { onSuccess: onClose });
  });
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      busy={run.isPending}
      title={words.title}
      description={words.description}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {asksName ? (
          <TextField label={t`Player name`} autoComplete="off" {...form.field('name')} />
        ) : null}
        {asksIp ? (
          <TextField
            label={t`IP address`}
            autoComplete="off"
            inputMode="decimal"
            {...form.field('ip')}
          />
        ) : null}
        {asksReason ? (
          <TextField label={t`Reason`} optional autoComplete="off" {...form.field('reason')} />
        ) : null}
        <FormError message={mutationFeedback(run).error} />
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <Button onClick={onClose} disabled={run.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            type="submit"
            variant={
              request.action === 'op' || request.action === 'whitelist_add' ? 'primary' : 'danger'
            }
            loading={run.isPending}
          >
            {words.confirm}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
