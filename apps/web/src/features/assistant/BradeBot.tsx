import { lazy, memo, Suspense } from 'react';
import type { ReportInView } from '../../api/assistant';
import { cx } from '../../ui/class-names';
import { PlainSkeleton } from '../../ui/PlainSkeleton';
import plain from '../../ui/plain.module.css';

/** The panel's code loads after the page (docs/assistant.md, "The panel"), keeping the dashboard's JavaScript small. */
const BradeBotPanel = lazy(() => import('./BradeBotPanel'));

const PLACEHOLDER = cx(plain.card, plain.padded);
/** The panel's collapsed height (BradeBotPanel's BRADEBOT_HEIGHT_PX, which loads with the panel). */
const COLLAPSED = { height: 130 } as const;

export const BradeBot = memo(function BradeBot({ report }: { report?: ReportInView }) {
  return (
    <Suspense
      fallback={
        // A plain card with static classes: drawn with the page's first render (ui/plain.module.css).
        <section aria-label="BradeBot" className={PLACEHOLDER} style={COLLAPSED}>
          <PlainSkeleton width={120} />
          <PlainSkeleton />
        </section>
      }
    >
      <BradeBotPanel {...(report ? { report } : {})} />
    </Suspense>
  );
});
