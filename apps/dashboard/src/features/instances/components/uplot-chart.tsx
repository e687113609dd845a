import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { MONITOR_WINDOW_S } from '@hearth/protocol';
import { cssToken, useResolvedTheme } from '@/lib/theme.ts';

// uPlot (its own lazily loaded chunk): one line over the last 61 seconds, fixed y range. A canvas
// cannot read CSS variables, so the colours are read from the theme tokens when the chart is
// drawn, and the chart is drawn again when the theme changes.

export interface UplotChartProps {
  /** [x seconds (≤ 0), y] */
  data: [number[], (number | null)[]];
  max: number;
  unit: string;
  /** The line's colour: a theme token, e.g. `--color-chart-cpu`. */
  colour: string;
  height?: number;
}

interface Colours {
  line: string;
  axis: string;
  grid: string;
}

function axis(colours: Colours) {
  return {
    stroke: colours.axis,
    grid: { stroke: colours.grid, width: 1 },
    ticks: { stroke: colours.grid, width: 1 },
    font: '11px system-ui',
  };
}

/** A translucent fill under the line (tokens are #rrggbb). */
function fillOf(line: string): string {
  return /^#[0-9a-f]{6}$/i.test(line) ? `${line}22` : 'transparent';
}

function options(props: UplotChartProps, width: number, colours: Colours): uPlot.Options {
  const window = MONITOR_WINDOW_S - 1;
  const AXIS = axis(colours);
  return {
    width,
    height: props.height ?? 150,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 6 } },
    scales: { x: { time: false, range: [-window, 0] }, y: { range: [0, props.max] } },
    axes: [
      { ...AXIS, values: (_u, ticks) => ticks.map((t) => (t === 0 ? 'now' : `${-t}s`)) },
      {
        ...AXIS,
        size: 48,
        values: (_u, ticks) => ticks.map((t) => `${Number(t.toFixed(2))}${props.unit}`),
      },
    ],
    series: [
      {},
      {
        stroke: colours.line,
        width: 2,
        fill: fillOf(colours.line),
        points: { show: false },
        spanGaps: false,
      },
    ],
  };
}

export function UplotChart(props: UplotChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const { max, unit, colour, height } = props;
  const theme = useResolvedTheme();
  const data = useRef(props.data);
  useEffect(() => {
    data.current = props.data;
  });

  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const colours: Colours = {
      line: cssToken(colour),
      axis: cssToken('--color-muted'),
      grid: cssToken('--color-line'),
    };
    const chart = new uPlot(
      options({ data: [[], []], max, unit, colour, height }, el.clientWidth || 300, colours),
      data.current,
      el,
    );
    plot.current = chart;
    const observer = new ResizeObserver(() =>
      chart.setSize({ width: el.clientWidth || 300, height: height ?? 150 }),
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [max, unit, colour, height, theme]);

  useEffect(() => {
    plot.current?.setData(props.data);
  }, [props.data, max, unit, colour, height, theme]);

  return <div ref={box} className="w-full" />;
}
