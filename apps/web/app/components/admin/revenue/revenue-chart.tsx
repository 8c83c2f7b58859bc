import { useEffect, useRef } from 'react';
import type { RevenueBucket } from '@oasis/shared/admin/revenue';
import 'uplot/dist/uPlot.min.css';

/** The brand green on white (contrast 12:1) and slate axes (7:1): readable bars and labels. */
const BAR = '#0b3d2e';
const AXIS = '#334155';
const GRID = '#e2e8f0';

/**
 * Net revenue per bucket as bars (uPlot, loaded with this admin screen only; public pages never
 * import it). The canvas is a picture with a name; the table beside it gives the same numbers to
 * those who cannot see it. Drawn left to right in both languages, as time axes are.
 */
export function RevenueChart({
  buckets,
  label,
  formatAmount,
}: {
  buckets: RevenueBucket[];
  label: string;
  formatAmount: (aed: number) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  // The latest formatter, read when the axis is drawn: a new function each render redraws nothing.
  const format = useRef(formatAmount);
  format.current = formatAmount;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null;
    let observer: ResizeObserver | null = null;
    let gone = false;
    void import('uplot').then(({ default: uPlot }) => {
      if (gone) return;
      const x = buckets.map((b) => Date.parse(`${b.start}T00:00:00Z`) / 1000);
      const y = buckets.map((b) => b.netFils / 100);
      const size = () => ({ width: Math.max(element.clientWidth, 240), height: 260 });
      chart = new uPlot(
        {
          ...size(),
          // The buckets are calendar days: shown as written, in UTC, whatever the browser's zone.
          tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true } },
          series: [
            {},
            {
              stroke: BAR,
              fill: BAR,
              width: 1,
              points: { show: false },
              paths: uPlot.paths.bars?.({ size: [0.7, 48], align: 0 }),
            },
          ],
          axes: [
            { stroke: AXIS, grid: { stroke: GRID }, ticks: { stroke: GRID } },
            {
              stroke: AXIS,
              size: 80,
              grid: { stroke: GRID },
              ticks: { stroke: GRID },
              values: (_u, splits) => splits.map((value) => format.current(value)),
            },
          ],
        },
        [x, y],
        element,
      );
      observer = new ResizeObserver(() => chart?.setSize(size()));
      observer.observe(element);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [buckets]);

  return <div ref={box} role="img" aria-label={label} dir="ltr" className="min-h-[260px] w-full overflow-hidden" />;
}
