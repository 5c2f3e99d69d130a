import { cx } from '../../ui/class-names';
import { TextLink } from '../../ui/TextLink';
import s from './dashboard.module.css';

/** Under the expenses tile when no bank is linked: the figure is card fees alone, and where to link the bank. */
export function CardFeesOnlyNote() {
  return (
    <span data-testid="tile-note" className={cx(s.tileNote, s.secondary)}>
      Card fees only: no bank is linked yet. <TextLink to="/main-menu/settings#integrations">Link your bank</TextLink>
    </span>
  );
}
