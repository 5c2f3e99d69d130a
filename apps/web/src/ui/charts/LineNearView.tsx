import type { ChartData, ChartOptions } from 'chart.js';
import { lazy, Suspense, useRef } from 'react';
import { useNearView } from '../use-near-view';

/**
 * Chart.js and its React wrapper load only when a chart is about to be drawn, not with the page: on the Overview
 * they were a third of the script that ran before the first paint.
 */
const Line = lazy(() => import('./LineChart'));

/**
 * A line chart drawn only once its area comes near the screen (ui/use-near-view.ts): Chart.js's code loads and draws
 * it then, not with a page whose chart starts below the fold. Until then, and while that code loads, the area is
 * empty, as a canvas is before its first frame, and says the same to screen readers; the panel keeps its height, so
 * nothing moves. On a phone the Overview's charts start below the fold, and drawing them was most of its script at
 * load.
 */
export function LineNearView({
  data,
  options,
  label,
}: {
  data: ChartData<'line'>;
  options: ChartOptions<'line'>;
  label: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearView(ref);
  const empty = <div ref={ref} role="img" aria-label={label} style={{ height: '100%' }} />;
  if (!near) return empty;
  return (
    <Suspense fallback={empty}>
      <Line data={data} options={options} role="img" aria-label={label} />
    </Suspense>
  );
}
