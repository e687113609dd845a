import { useLingui } from '@lingui/react/macro';
import { formatCpu, formatMemory, latest } from '../monitor-series.ts';
import type { MonitorSample } from '../monitor-series.ts';
import { useMonitor } from '../use-monitor.ts';
import { Figure } from './card-figure.tsx';

// A card's live CPU and memory, from the instance's monitor socket: a chunk of its own, loaded
// once a card is live, so the home's first paint does not wait for the monitor's code.

const pickCpu = (s: MonitorSample) => s.cpu;
const pickMemory = (s: MonitorSample) => s.memory;

/** CPU and memory of a running instance. */
export function LiveFigures({ uuid }: { uuid: string }) {
  const { t } = useLingui();
  const { samples } = useMonitor(uuid);
  const cpu = latest(samples, pickCpu);
  const memory = latest(samples, pickMemory);
  return (
    <>
      <Figure label={t`CPU`} value={cpu === null ? '—' : `${formatCpu(cpu)} %`} />
      <Figure label={t`Memory`} value={memory === null ? '—' : formatMemory(memory)} />
    </>
  );
}
