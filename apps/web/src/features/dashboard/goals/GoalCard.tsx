import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { NotLoaded } from '../../../ui/NotLoaded';

export const goalCardSx = {
  flex: '1 1 0',
  minWidth: 0,
  p: 2.5,
  display: 'flex',
  flexDirection: 'column',
  gap: 1.5,
  border: '1px solid',
  borderColor: 'divider',
} as const;

export const goalTitleSx = { fontSize: '0.9rem', fontWeight: 500, color: 'text.secondary' } as const;

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
    <Paper
      component="section"
      aria-labelledby={titleId}
      aria-busy={state === 'loading'}
      elevation={0}
      sx={goalCardSx}
      data-testid={testId}
    >
      <Typography id={titleId} component="h2" sx={goalTitleSx}>
        {title}
      </Typography>
      {state === 'loading' && (
        <>
          <Skeleton width="40%" height={40} />
          <Skeleton width="80%" />
          <Skeleton width="60%" />
        </>
      )}
      {state === 'failed' && <NotLoaded what={what} onRetry={onRetry} />}
      {state === 'loaded' && children}
    </Paper>
  );
}

/** A label and its figure on one line, the figure large. */
export function FigureLine({
  label,
  figure,
  tone,
  testId,
}: {
  label: string;
  figure: string;
  tone?: string;
  testId: string;
}) {
  return (
    <Typography component="p" sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap', m: 0 }}>
      <Typography component="span" sx={{ fontSize: '0.95rem', fontWeight: 500 }}>
        {label}
      </Typography>
      <Typography
        component="span"
        data-testid={testId}
        sx={{
          fontSize: '1.5rem',
          fontWeight: 600,
          lineHeight: 1.3,
          color: tone ?? 'text.primary',
          whiteSpace: 'nowrap',
        }}
      >
        {figure}
      </Typography>
    </Typography>
  );
}
