import { type ReactNode, useId } from 'react';
import { cx } from '../../../ui/class-names';
import { NotLoaded } from '../../../ui/NotLoaded';
import { PlainSkeleton } from '../../../ui/PlainSkeleton';
import plain from '../../../ui/plain.module.css';
import d from '../dashboard.module.css';
import s from './goals.module.css';

const cardClass = cx(plain.card, s.card);

/**
 * A goal card on the Overview (docs/finance.md, "Goal progress"): its title, then a skeleton while its call runs, the
 * quiet failure with Retry when it failed (as the tiles and charts show theirs), else what it measured.
 */
export function GoalCard({
  title,
  state,
  what,
  onRetry,
  children,
  testId,
}: {
  title: string;
  state: 'loading' | 'failed' | 'loaded';
  /** Names the part in the failure notice ("Retention could not be loaded."). */
  what: string;
  onRetry: () => void;
  children?: ReactNode;
  testId: string;
}) {
  const titleId = useId();
  return (
    <section className={cardClass} aria-labelledby={titleId} aria-busy={state === 'loading'} data-testid={testId}>
      <h2 id={titleId} className={d.cardTitle}>
        {title}
      </h2>
      {state === 'loading' && (
        <>
          <PlainSkeleton width="40%" height={40} />
          <PlainSkeleton width="80%" />
          <PlainSkeleton width="60%" />
        </>
      )}
      {state === 'failed' && <NotLoaded what={what} onRetry={onRetry} />}
      {state === 'loaded' && children}
    </section>
  );
}

/** A label and its figure on one line, the figure large: green when `good` (a goal met), else text.primary. */
export function FigureLine({
  label,
  figure,
  good = false,
  testId,
}: {
  label: string;
  figure: string;
  good?: boolean;
  testId: string;
}) {
  return (
    <p className={s.figureLine}>
      <span className={s.figureLabel}>{label}</span>
      <span data-testid={testId} className={cx(s.figure, good ? d.good : d.ink)}>
        {figure}
      </span>
    </p>
  );
}
