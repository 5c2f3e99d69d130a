import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { lazy, memo, Suspense } from 'react';
import type { ReportInView } from '../../api/assistant';

/** The panel's code loads after the page (docs/assistant.md, "The panel"), keeping the dashboard's JavaScript small. */
const BradeBotPanel = lazy(() => import('./BradeBotPanel'));

export const BradeBot = memo(function BradeBot({ report }: { report?: ReportInView }) {
  return (
    <Suspense
      fallback={
        <Paper
          component="section"
          aria-label="BradeBot"
          elevation={0}
          sx={{ height: 130, px: 2, py: 1.25, border: '1px solid', borderColor: 'divider' }}
        >
          <Skeleton width={120} />
          <Skeleton />
        </Paper>
      }
    >
      <BradeBotPanel {...(report ? { report } : {})} />
    </Suspense>
  );
});
