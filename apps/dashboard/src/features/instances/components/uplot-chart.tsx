import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { MONITOR_WINDOW_S } from '@hearth/protocol';

// uPlot (its own lazily loaded chunk): one line over the last 61 seconds, fixed y range.

export interface UplotChartProps {
  /** [x seconds (≤ 0), y] */
  data: [number[], (number | null)[]];
  max: number;
  unit: string;
  colour: string;
  height?: number;
}

const AXIS = {
  stroke: '#a0a8b7',
  grid: { stroke: '#2a303c', width: 1 },
  ticks: { stroke: '#2a303c', width: 1 },
  font: '11px system-ui',
};

function options(props: UplotChartProps, width: number): uPlot.Options {
  const window = MONITOR_WINDOW_S - 1;
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
        stroke: props.colour,
        width: 2,
        fill: `${props.colour}22`,
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

  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const chart = new uPlot(
      options({ data: [[], []], max, unit, colour, height }, el.clientWidth || 300),
      [[], []],
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
  }, [max, unit, colour, height]);

  useEffect(() => {
    plot.current?.setData(props.data);
  }, [props.data, max, unit, colour, height]);

  return <div ref={box} className="w-full" />;
}
