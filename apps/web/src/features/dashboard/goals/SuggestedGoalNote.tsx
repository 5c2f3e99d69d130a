import { TextLink } from '../../../ui/TextLink';
import d from '../dashboard.module.css';
import { SUGGESTED_GOAL } from './goal-text';
import s from './goals.module.css';

/** Where the owner sets goals of their own: Settings → Financial Goals. */
export const SET_GOALS_PATH = '/main-menu/settings#financial-goals';

/**
 * Said on a goal card until the owner saves goals (docs/finance.md, "Goal progress"): the goal is a suggestion, from
 * what, and where to set one's own. Nothing is judged against it.
 */
export function SuggestedGoalNote({ basis, testId }: { basis: string; testId: string }) {
  return (
    <p data-testid={testId} className={d.caption}>
      <span className={s.suggested}>{SUGGESTED_GOAL}</span>
      <span className={s.suggestedBasis}> ({basis}). </span>
      <TextLink to={SET_GOALS_PATH}>Set your goals in Settings</TextLink>
    </p>
  );
}
