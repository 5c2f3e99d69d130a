import Typography from '@mui/material/Typography';
import { TextLink } from '../../../ui/TextLink';
import { SUGGESTED_GOAL } from './goal-text';

/** Where the owner sets goals of their own: Settings → Financial Goals. */
export const SET_GOALS_PATH = '/main-menu/settings#financial-goals';

/**
 * Said on a goal card until the owner saves goals (docs/finance.md, "Goal progress"): the goal is a suggestion, from
 * what, and where to set one's own. Nothing is judged against it.
 */
export function SuggestedGoalNote({ basis, testId }: { basis: string; testId: string }) {
  return (
    <Typography data-testid={testId} variant="caption" component="p" sx={{ m: 0, lineHeight: 1.4 }}>
      <Typography component="span" variant="caption" sx={{ fontWeight: 600 }}>
        {SUGGESTED_GOAL}
      </Typography>
      <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
        {' '}
        ({basis}).{' '}
      </Typography>
      <TextLink to={SET_GOALS_PATH}>Set your goals in Settings</TextLink>
    </Typography>
  );
}
