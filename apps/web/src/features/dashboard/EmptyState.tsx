import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { cx } from '../../ui/class-names';
import controls from '../../ui/controls.module.css';
import plain from '../../ui/plain.module.css';
import { LinkIcon } from '../../ui/plain-icons';
import s from './dashboard.module.css';

/**
 * A new owner with nothing connected yet: what the dashboard will show, and the way to get there. Plain elements with
 * static classes, as the rest of the Overview: MUI's Paper, Typography and Button (with ButtonBase, its ripple and the
 * loading spinner) were in the chunk every signed-in page waits for, for a card most owners see once.
 */
export function EmptyState() {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cx(plain.card, s.empty)}>
      <div className={s.emptyIcon}>
        <LinkIcon />
      </div>
      <div className={s.emptyText}>
        <h2 id={titleId} className={s.emptyTitle}>
          No figures yet
        </h2>
        <p className={cx(s.body2, s.secondary)}>
          Connect your card-payment provider (Stripe, Square or SumUp) and your business bank account. Brade will then
          show your monthly revenue, expenses and revenue per client here, with charts of the last 12 months.
        </p>
      </div>
      <RouterLink to="/link-your-pos-account" className={cx(controls.containedButton, s.emptyAction)}>
        Connect your accounts
      </RouterLink>
    </section>
  );
}
