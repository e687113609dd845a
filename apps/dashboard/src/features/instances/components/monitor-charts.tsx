import { Suspense, lazy, useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Spinner } from '@/components/ui/spinner.tsx';
import {
  CPU_MAX,
  formatCpu,
  formatMemory,
  latest,
  memoryScaleGib,
  pointCount,
  toColumns,
} from '../monitor-series.ts';
import type { MonitorSample } from '../monitor-series.ts';
import { useMonitor } from '../use-monitor.ts';

const UplotChart = lazy(async () => ({ default: (await import('./uplot-chart.tsx')).UplotChart }));

interface ChartCardProps {
  title: string;
  samples: MonitorSample[];
  pick: (s: MonitorSample) => number | null;
  max: number;
  unit: string;
  format: (value: number) => string;
  colour: string;
}

function ChartCard({ title, samples, pick, max, unit, format, colour }: ChartCardProps) {
  const data = useMemo(() => toColumns(samples, pick), [samples, pick]);
  const value = latest(samples, pick);
  const points = pointCount(samples, pick);
  const { t } = useLingui();
  return (
    <figure
      aria-label={t`${title} chart, ${points} data points`}
      className="flex min-w-0 flex-1 flex-col gap-2 rounded-lg border border-line bg-panel p-4"
    >
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-medium text-muted">{title}</span>
        <span aria-label={t`${title} now`} className="text-lg font-semibold tabular-nums">
          {value === null ? '—' : format(value)}
        </span>
      </figcaption>
      <Suspense
        fallback={
          <div className="flex h-[150px] items-center justify-center">
            <Spinner />
          </div>
        }
      >
        <UplotChart data={data} max={max} unit={unit} colour={colour} />
      </Suspense>
    </figure>
  );
}

const pickCpu = (s: MonitorSample) => s.cpu;
const pickMemory = (s: MonitorSample) => s.memory;

/** CPU and memory over the last 60 s (dashboard.md §2 Overview, §9 Monitor). */
export function MonitorCharts({
  uuid,
  totalRam,
}: {
  uuid: string;
  totalRam: number | null | undefined;
}) {
  const { t } = useLingui();
  const { samples, status } = useMonitor(uuid);
  const memoryMax = memoryScaleGib(samples, totalRam);
  return (
    <section aria-label={t`Performance`} className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold">{t`Performance`}</h2>
        <span className="text-xs text-faint">
          {status === 'open'
            ? t`Live, last 60 seconds`
            : status === 'connecting'
              ? t`Connecting...`
              : t`Reconnecting...`}
        </span>
      </div>
      <div className="flex flex-wrap gap-3 [&>*]:basis-72">
        <ChartCard
          title={t`CPU`}
          samples={samples}
          pick={pickCpu}
          max={CPU_MAX}
          unit="%"
          format={(v) => `${formatCpu(v)} %`}
          colour="--color-chart-cpu"
        />
        <ChartCard
          title={t`Memory`}
          samples={samples}
          pick={pickMemory}
          max={memoryMax}
          unit="G"
          format={formatMemory}
          colour="--color-chart-memory"
        />
      </div>
    </section>
  );
}
