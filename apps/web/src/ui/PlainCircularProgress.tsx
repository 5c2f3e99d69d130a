import s from './progress.module.css';

/**
 * MUI's CircularProgress (indeterminate, in the text's colour) as plain elements with static classes
 * (progress.module.css): the same elements and role, without MUI's component, which a page's first screen would
 * otherwise wait for (docs/architecture.md, "What the signed-in pages draw first").
 */
export function PlainCircularProgress({
  size = 40,
  'aria-hidden': hidden,
}: {
  size?: number;
  'aria-hidden'?: boolean;
}) {
  return (
    <span className={s.root} style={{ width: size, height: size }} role="progressbar" aria-hidden={hidden}>
      {/* biome-ignore lint/a11y/noSvgWithoutTitle: the span is the progress bar, as MUI's; the circle only draws it */}
      <svg className={s.svg} viewBox="22 22 44 44">
        <circle className={s.circle} cx={44} cy={44} r={20.2} fill="none" strokeWidth={3.6} />
      </svg>
    </span>
  );
}
