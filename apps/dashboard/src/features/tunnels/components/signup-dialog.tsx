import { useState } from 'react';
import { ExternalLink } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import type { DialogOpenProps } from '@/components/ui/dialog.tsx';
import { FormError } from '@/components/ui/field.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { useGenerateSignupLinkMutation } from '../api/generate-signup-link.ts';
import { getTunnelsQueryOptions } from '../api/get-tunnels.ts';
import { getSignedUpQueryOptions } from '../api/verify-key.ts';

/** Verify asks the core again, whatever the cache holds, and keeps the answer in the cache. */
function useVerifyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (core: CoreConnection) =>
      queryClient.fetchQuery({ ...getSignedUpQueryOptions(core, true), staleTime: 0 }),
    onSuccess: (signedUp, core) => {
      if (signedUp)
        void queryClient.invalidateQueries({
          queryKey: getTunnelsQueryOptions(core, true).queryKey,
        });
    },
  });
}

/**
 * Set Up Playitgg (dashboard.md §2, §4): Generate Link, then the link and Verify. The core polls
 * playit in the background while the person accepts the agent on the linked page.
 */
export function SignupDialog({
  core,
  open,
  onOpenChange,
}: DialogOpenProps & { core: CoreConnection }) {
  const { t } = useLingui();
  const generate = useGenerateSignupLinkMutation();
  const verify = useVerifyMutation();
  const [notYet, setNotYet] = useState(false);
  const link = generate.data?.url ?? null;

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      generate.reset();
      verify.reset();
      setNotYet(false);
    }
  };

  const check = () => {
    setNotYet(false);
    verify.mutate(core, {
      onSuccess: (signedUp) => {
        if (!signedUp) {
          setNotYet(true);
          return;
        }
        notify('success', t`Playitgg is set up`);
        close(false);
      },
    });
  };

  const error = generate.error ?? verify.error;
  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={t`Set Up Playitgg`}
      description={t`Link this core to your playit.gg account: generate a link, open it and accept the agent there, then verify.`}
    >
      {link ? (
        <div className="flex flex-col gap-2">
          <a
            href={link}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1.5 rounded-md border border-line bg-raised px-3 py-2 font-mono text-[13px] break-all text-accent hover:underline"
          >
            {link}
            <ExternalLink aria-hidden className="size-3.5 shrink-0" />
          </a>
          {notYet ? (
            <p role="status" className="text-[13px] text-warning">
              <Trans>
                Playit has not confirmed the sign-up yet. Accept the agent on the linked page, then
                verify again.
              </Trans>
            </p>
          ) : null}
        </div>
      ) : null}
      <FormError message={error ? toUserMessage(error) : null} />
      <div className="mt-1 flex justify-end gap-2">
        <Button onClick={() => close(false)}>
          <Trans>Close</Trans>
        </Button>
        {link ? (
          <Button variant="primary" loading={verify.isPending} onClick={check}>
            <Trans>Verify</Trans>
          </Button>
        ) : (
          <Button
            variant="primary"
            loading={generate.isPending}
            onClick={() => generate.mutate(core)}
          >
            <Trans>Generate Link</Trans>
          </Button>
        )}
      </div>
    </Modal>
  );
}
