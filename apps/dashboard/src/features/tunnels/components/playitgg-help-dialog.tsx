import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import type { DialogOpenProps } from '@/components/ui/dialog.tsx';

/** Hearth's own help for the tab (docs/playit.md, in short). */
export function PlayitggHelpDialog({ open, onOpenChange }: DialogOpenProps) {
  const { t } = useLingui();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t`How Playitgg works`}
      description={t`playit.gg gives your servers a public address, so players outside your network can join without port forwarding. The core runs the tunnel agent itself.`}
      width={560}
      actions={
        <Button onClick={() => onOpenChange(false)}>
          <Trans>Close</Trans>
        </Button>
      }
    >
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-[13px] leading-relaxed text-muted">
        <li>
          <Trans>
            Turn the runner on. The first time, Set Up Playitgg links this core to your playit.gg
            account: Generate Link, open the link and accept the agent, then Verify.
          </Trans>
        </li>
        <li>
          <Trans>
            Create a tunnel on playit.gg for this agent: TCP for Minecraft Java, UDP for games that
            use it (both work), with local address 127.0.0.1 and the instance&apos;s port.
          </Trans>
        </li>
        <li>
          <Trans>
            A tunnel whose local port is an instance&apos;s port reaches that instance; any other
            tunnel goes to the local address set on playit.gg.
          </Trans>
        </li>
        <li>
          <Trans>
            Share the tunnel&apos;s address with your players. Stopping the runner closes every
            tunnelled connection; the core can start it again at boot (--playit-autostart on).
          </Trans>
        </li>
      </ol>
      <p className="text-[13px] text-muted">
        <Trans>
          Only the owner can use the integration. More in Hearth&apos;s README, section Playit
          tunnels.
        </Trans>
      </p>
    </Modal>
  );
}
