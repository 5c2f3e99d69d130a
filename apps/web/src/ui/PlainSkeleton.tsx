import type { CSSProperties } from 'react';
import plain from './plain.module.css';

/**
 * MUI's Skeleton (text or rounded, pulsing) as a plain span with a static class (ui/plain.module.css): the Overview
 * draws a dozen while its calls run, each of which cost MUI's styling at run time. Sizes and margins go inline, as
 * MUI's width and height props put them.
 */
export function PlainSkeleton({
  width,
  height,
  rounded = false,
  style,
}: {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  rounded?: boolean;
  style?: CSSProperties;
}) {
  const sized = width === undefined && height === undefined ? style : { ...style, width, height };
  return <span className={rounded ? plain.skeletonRounded : plain.skeletonText} style={sized} />;
}
