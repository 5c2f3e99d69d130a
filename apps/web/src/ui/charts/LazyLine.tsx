import type { ChartData, ChartOptions } from 'chart.js';
import { lazy, Suspense } from 'react';

/**
 * Chart.js and its React wrapper load only when a chart is about to be drawn, not with the page: on the Overview
 * they were a third of the script that ran before the first paint. Until then the area is empty, as a canvas is
 * before its first frame, and says the same to screen readers; the panel keeps its height, so nothing moves.
 */
const Line = lazy(() => import('./LineChart'));

export function LazyLine({
  data,
  options,
  label,
}: {
  data: ChartData<'line'>;
  options: ChartOptions<'line'>;
  label: string;
}) {
  return (
    <Suspense fallback={<div role="img" aria-label={label} style={{ height: '100%' }} />}>
      <Line data={data} options={options} role="img" aria-label={label} />
    </Suspense>
  );
}
