import { PlayitggPanel } from '@/features/tunnels/components/playitgg-panel.tsx';
import type { InstanceTabProps } from './instance-tabs.tsx';
import { useViewer } from '../use-viewer.ts';

/** Playitgg: the core lets only the owner use playit (README, compatibility notes). */
export function InstancePlayitggTab({ instance }: InstanceTabProps) {
  const viewer = useViewer();
  return <PlayitggPanel instance={instance} canManage={viewer?.user.is_owner ?? false} />;
}
