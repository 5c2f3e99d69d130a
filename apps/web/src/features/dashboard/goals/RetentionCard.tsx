import { latestMeasuredRetention, type NewClientRetention, type RetentionResponse } from '@brade/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { loadRetention } from '../../../api/dashboard';
import { loadOrLog } from '../../../api/fallback';
import { SHORT_MONTHS } from '../../../ui/charts/chart-format';
import { BRAND_PRIMARY, BRAND_PRIMARY_LIGHT, INK } from '../../../ui/theme';
import { visuallyHidden } from '../../../ui/visually-hidden';
import { FigureLine, GoalCard } from './GoalCard';
import { againstGoal, dayAndMonth, longMonth, percentText } from './goal-text';

export const retentionKey = (id: string) => ['dashboard', id, 'retention'] as const;

/** docs/finance.md, "Retention": until a month's new clients have had 90 days to come back, nothing is measured. */
export const RETENTION_NOT_YET = 'Retention shows once clients have had 90 days to come back.';

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
    <Box>
      <Box
        component="ul"
        aria-label="New-client retention, month by month"
        data-testid="retention-bars"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex' }}
      >
        {months.map((m, i) => (
          <Box
            component="li"
            key={m.month}
            sx={{ flex: '1 1 0', minWidth: 0, display: 'flex', flexDirection: 'column', alignItems: 'center' }}
          >
            <Box
              aria-hidden
              sx={{
                position: 'relative',
                width: '100%',
                height: BAR_PX,
                display: 'flex',
                flexDirection: 'column',
                justifyContent: 'flex-end',
                alignItems: 'center',
              }}
            >
              <Box
                sx={{
                  width: '60%',
                  maxWidth: 36,
                  height: height(m.percent ?? 0),
                  borderRadius: '3px 3px 0 0',
                  bgcolor: i === months.length - 1 ? BRAND_PRIMARY : BRAND_PRIMARY_LIGHT,
                }}
              />
              <Box
                sx={{
                  position: 'absolute',
                  left: 0,
                  right: 0,
                  bottom: height(goal),
                  borderTop: `1px dashed ${INK}`,
                }}
              />
            </Box>
            <Typography aria-hidden variant="caption" sx={{ color: 'text.secondary', lineHeight: 1.4 }}>
              {SHORT_MONTHS[Number(m.month.slice(5, 7)) - 1]}
            </Typography>
            <Typography aria-hidden variant="caption" sx={{ fontWeight: 600, lineHeight: 1.4, whiteSpace: 'nowrap' }}>
              {m.percent === null ? '—' : percentText(m.percent)}
            </Typography>
            <span style={visuallyHidden}>
              {m.percent === null
                ? `${longMonth(m.month)}: no new clients`
                : `${longMonth(m.month)}: ${percentText(m.percent)}, ${m.returned} of ${m.new_clients} new clients came back`}
            </span>
          </Box>
        ))}
      </Box>
      <Typography variant="caption" sx={{ color: 'text.secondary', lineHeight: 1.4 }}>
        Dashed line: your goal ({goal}%)
      </Typography>
    </Box>
  );
}

function Measured({ retention, goal }: { retention: RetentionResponse; goal: number }) {
  const national = retention.national_new_client_percent;
  const latest = latestMeasuredRetention(retention.new_client);
  const nationalText = `National figure: about ${national}% of new clients come back`;
  if (!latest || latest.percent === null) {
    return (
      <>
        <Typography data-testid="retention-empty" sx={{ fontSize: '0.95rem' }}>
          {retention.new_client.length === 0 ? RETENTION_NOT_YET : 'No new clients in the months measured so far.'}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary', lineHeight: 1.4 }}>
          Your goal: {goal}% · {nationalText}
        </Typography>
      </>
    );
  }
  const overall = [...retention.overall].reverse().find((o) => o.percent !== null);
  return (
    <>
      <Box>
        <FigureLine
          label={`New clients of ${longMonth(latest.month)}`}
          figure={percentText(latest.percent)}
          tone={latest.percent >= goal ? 'success.main' : 'text.primary'}
          testId="retention-new-client"
        />
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', lineHeight: 1.4, m: 0 }}>
          {latest.returned} of {latest.new_clients} came back within 90 days
        </Typography>
        <Typography data-testid="retention-goal" sx={{ fontSize: '0.9rem', lineHeight: 1.4, mt: 0.5 }}>
          {againstGoal(latest.percent, goal)} · {nationalText}
        </Typography>
      </Box>
      <RetentionBars months={retention.new_client} goal={goal} />
      {overall && overall.percent !== null && (
        <Box>
          <FigureLine label="Overall retention" figure={percentText(overall.percent)} testId="retention-overall" />
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', lineHeight: 1.4, m: 0 }}>
            Of the {overall.clients} clients seen in the 90 days to {dayAndMonth(overall.date)}, {overall.seen_again}{' '}
            came back in the 90 days after
          </Typography>
        </Box>
      )}
      {retention.coverage && (
        // Only payers a processor names can be followed (docs/finance.md, "Retention").
        <Typography
          data-testid="retention-coverage"
          variant="caption"
          sx={{ color: 'text.secondary', lineHeight: 1.4 }}
        >
          {retention.coverage}
        </Typography>
      )}
    </>
  );
}

/**
 * New-client retention against the owner's goal and the national figure (docs/finance.md, "Retention"), the last 6
 * months, and overall retention as the second figure. The measured figure is never clipped to the slider's 0–30 %.
 */
export const RetentionCard = memo(function RetentionCard({ id, goal }: { id: string; goal: number | undefined }) {
  const query = useQuery({
    queryKey: retentionKey(id),
    queryFn: () => loadOrLog(() => loadRetention(id), 'retention'),
    retry: false,
  });
  const state = query.isPending || goal === undefined ? 'loading' : query.isError ? 'failed' : 'loaded';
  return (
    <GoalCard
      title="Client retention"
      testId="retention"
      state={state}
      what="Retention"
      onRetry={() => void query.refetch()}
    >
      {query.data && goal !== undefined && <Measured retention={query.data} goal={goal} />}
    </GoalCard>
  );
});
