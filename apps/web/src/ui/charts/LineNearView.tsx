import type { ChartData, ChartOptions } from 'chart.js';
import { useRef } from 'react';
import { useNearView } from '../use-near-view';
import { LazyLine } from './LazyLine';

/**
 * LazyLine drawn only once its area comes near the screen (ui/use-near-view.ts): Chart.js's code loads and draws a
 * chart then, not with a page whose chart starts below the fold. Until then the area is empty, as a canvas is before
 * its first frame, and says the same to screen readers; the panel keeps its height, so nothing moves. On a phone
 * the Overview's charts start below the fold, and drawing them was most of its script at load.
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
  if (!near) return <div ref={ref} role="img" aria-label={label} style={{ height: '100%' }} />;
  return <LazyLine data={data} options={options} label={label} />;
}
