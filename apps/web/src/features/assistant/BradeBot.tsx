import { lazy, memo, Suspense } from 'react';
import type { ReportInView } from '../../api/assistant';
import { useAfterFirstAnswers } from '../../shell/after-first-answers';
import { cx } from '../../ui/class-names';
import { PlainSkeleton } from '../../ui/PlainSkeleton';
import plain from '../../ui/plain.module.css';

/**
 * The panel's code loads after the page (docs/assistant.md, "The panel"), keeping the dashboard's JavaScript small: in
 * the signed-in shell, once the page has drawn its first answers (shell/after-first-answers.ts).
 */
const BradeBotPanel = lazy(() => import('./BradeBotPanel'));

const PLACEHOLDER = cx(plain.card, plain.padded);
/** The panel's collapsed height (BradeBotPanel's BRADEBOT_HEIGHT_PX, which loads with the panel). */
const COLLAPSED = { height: 130 } as const;

/**
 * What BradeBot shows while its panel's code loads: a plain card with static classes, drawn with the page's first
 * render (ui/plain.module.css). A page that starts the panel's loading after its first paint draws this until then.
 */
export function BradeBotPlaceholder() {
  return (
    <section aria-label="BradeBot" className={PLACEHOLDER} style={COLLAPSED}>
      <PlainSkeleton width={120} />
      <PlainSkeleton />
    </section>
  );
}

export const BradeBot = memo(function BradeBot({ report }: { report?: ReportInView }) {
  // Below the page's figures: its code is fetched once they are drawn, not while they are still coming.
  if (!useAfterFirstAnswers()) return <BradeBotPlaceholder />;
  return (
    <Suspense fallback={<BradeBotPlaceholder />}>
      <BradeBotPanel {...(report ? { report } : {})} />
    </Suspense>
  );
});
