import { latestMeasuredRetention, type NewClientRetention, type RetentionResponse } from '@brade/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { loadRetention } from '../../../api/dashboard';
import { loadOrLog } from '../../../api/fallback';
import { SHORT_MONTHS } from '../../../ui/charts/chart-format';
import { cx } from '../../../ui/class-names';
import { TextLink } from '../../../ui/TextLink';
import { BRAND_PRIMARY, BRAND_PRIMARY_LIGHT } from '../../../ui/theme';
import { visuallyHidden } from '../../../ui/visually-hidden';
import d from '../dashboard.module.css';
import { LINK_CARDS_PATH } from '../links';
import { FigureLine, GoalCard } from './GoalCard';
import { againstGoal, dayAndMonth, longMonth, percentText, STILL_IMPORTING, SUGGESTED_GOAL } from './goal-text';
import s from './goals.module.css';
import { SuggestedGoalNote } from './SuggestedGoalNote';

const captionClass = cx(d.caption, d.secondary);

export const retentionKey = (id: string) => ['dashboard', id, 'retention'] as const;

/** The card's call; features/dashboard/prefetch.ts starts it while the Overview renders. */
export const retentionQuery = (id: string) =>
  queryOptions({
    queryKey: retentionKey(id),
    queryFn: () => loadOrLog(() => loadRetention(id), 'retention'),
    retry: false,
  });

/** docs/finance.md, "Retention": until a month's new clients have had 90 days to come back, nothing is measured. */
export const RETENTION_NOT_YET = 'Retention shows once clients have had 90 days to come back.';

/** How the card holds the figure against the goal: the owner's goal, a suggested one, or none while importing. */
interface GoalView {
  goal: number;
  saved: boolean;
  importing: boolean;
}

const BAR_PX = 64;

/**
 * The last 6 measured months as small bars (no chart library: docs/product.md keeps the dashboard light), the
 * owner's goal as a dashed line across them; the scale reaches the higher of the figures and the goal, so a figure
 * above the slider's 30 % is drawn as it is.
 */
function RetentionBars({ months, goal }: { months: NewClientRetention[]; goal: number }) {
  const top = Math.max(goal, ...months.map((m) => m.percent ?? 0));
  const scale = Math.max(10, Math.ceil(top / 10) * 10);
  const height = (percent: number) => Math.round((Math.max(0, percent) / scale) * BAR_PX);
  return (
    <div>
      <ul aria-label="New-client retention, month by month" data-testid="retention-bars" className={s.bars}>
        {months.map((m, i) => (
          <li key={m.month} className={s.barItem}>
            <div aria-hidden className={s.barBox} style={{ height: BAR_PX }}>
              <div
                className={s.bar}
                style={{
                  height: height(m.percent ?? 0),
                  backgroundColor: i === months.length - 1 ? BRAND_PRIMARY : BRAND_PRIMARY_LIGHT,
                }}
              />
              <div className={s.goalLine} style={{ bottom: height(goal) }} />
            </div>
            <span aria-hidden className={captionClass}>
              {SHORT_MONTHS[Number(m.month.slice(5, 7)) - 1]}
            </span>
            <span aria-hidden className={s.barPercent}>
              {m.percent === null ? '—' : percentText(m.percent)}
            </span>
            <span style={visuallyHidden}>
              {m.percent === null
                ? `${longMonth(m.month)}: no new clients`
                : `${longMonth(m.month)}: ${percentText(m.percent)}, ${m.returned} of ${m.new_clients} new clients came back`}
            </span>
          </li>
        ))}
      </ul>
      <span className={captionClass}>Dashed line: your goal ({goal}%)</span>
    </div>
  );
}

function Measured({ retention, view }: { retention: RetentionResponse; view: GoalView }) {
  const { goal, saved, importing } = view;
  const national = retention.national_new_client_percent;
  const latest = latestMeasuredRetention(retention.new_client);
  const nationalText = `National figure: about ${national}% of new clients come back`;
  const suggested = saved ? null : (
    <SuggestedGoalNote testId="retention-suggested" basis="the industry standard, 10%–15%" />
  );
  if (!latest || latest.percent === null) {
    return (
      <>
        <p data-testid="retention-empty" className={s.text}>
          {importing
            ? STILL_IMPORTING
            : retention.new_client.length === 0
              ? RETENTION_NOT_YET
              : 'No new clients in the months measured so far.'}
        </p>
        <span className={captionClass}>
          {saved ? 'Your goal' : SUGGESTED_GOAL}: {goal}% · {nationalText}
        </span>
        {suggested}
      </>
    );
  }
  // A verdict only on the owner's own goal, and on a history the import has finished.
  const verdict = importing
    ? STILL_IMPORTING
    : saved
      ? againstGoal(latest.percent, goal)
      : `${SUGGESTED_GOAL} ${goal}%`;
  const judged = saved && !importing;
  const overall = [...retention.overall].reverse().find((o) => o.percent !== null);
  return (
    <>
      <div>
        <FigureLine
          label={`New clients of ${longMonth(latest.month)}`}
          figure={percentText(latest.percent)}
          good={judged && latest.percent >= goal}
          testId="retention-new-client"
        />
        <p className={captionClass}>
          {latest.returned} of {latest.new_clients} came back within 90 days
        </p>
        <p data-testid="retention-goal" className={s.retentionGoal}>
          {verdict} · {nationalText}
        </p>
        {suggested}
      </div>
      <RetentionBars months={retention.new_client} goal={goal} />
      {overall && overall.percent !== null && (
        <div>
          <FigureLine label="Overall retention" figure={percentText(overall.percent)} testId="retention-overall" />
          <p className={captionClass}>
            Of the {overall.clients} clients seen in the 90 days to {dayAndMonth(overall.date)}, {overall.seen_again}{' '}
            came back in the 90 days after
          </p>
        </div>
      )}
      {retention.coverage && (
        // Only payers a processor names can be followed (docs/finance.md, "Retention").
        <span data-testid="retention-coverage" className={captionClass}>
          {retention.coverage}
        </span>
      )}
    </>
  );
}

/** A bank alone: clients cannot be measured, so the card says what would measure them instead of promising. */
function NeedsCards() {
  return (
    <>
      <p data-testid="retention-unmeasurable" className={s.text}>
        <TextLink to={LINK_CARDS_PATH}>Link a card provider</TextLink> to see client retention.
      </p>
      <span className={captionClass}>
        Clients are known from card payments: a bank statement does not say who paid.
      </span>
    </>
  );
}

/**
 * New-client retention against the owner's goal and the national figure (docs/finance.md, "Retention"), the last 6
 * months, and overall retention as the second figure. The measured figure is never clipped to the slider's 0–30 %.
 * Until the owner saves goals the goal is a suggestion and no verdict is given; none either while an import may
 * still change the history; and with only a bank linked the card says what would make retention measurable.
 */
export const RetentionCard = memo(function RetentionCard({
  id,
  goals,
  importing,
  measurable,
}: {
  id: string;
  goals: { goal: number; saved: boolean } | undefined;
  importing: boolean;
  /** False when no card provider was ever linked; undefined while the links are not known. */
  measurable: boolean | undefined;
}) {
  const query = useQuery({ ...retentionQuery(id), enabled: measurable !== false });
  if (measurable === false) {
    return (
      <GoalCard title="Client retention" testId="retention" state="loaded" what="Retention" onRetry={() => {}}>
        <NeedsCards />
      </GoalCard>
    );
  }
  const state = query.isPending || goals === undefined ? 'loading' : query.isError ? 'failed' : 'loaded';
  return (
    <GoalCard
      title="Client retention"
      testId="retention"
      state={state}
      what="Retention"
      onRetry={() => void query.refetch()}
    >
      {query.data && goals !== undefined && <Measured retention={query.data} view={{ ...goals, importing }} />}
    </GoalCard>
  );
});
