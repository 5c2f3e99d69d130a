import { hasIncomeTaxPages, INCOME_TAX_MESSAGES } from '@brade/contract';
import { Link as RouterLink } from 'react-router';
import { useUserDetails } from '../../shell/use-user-details';
import { cx } from '../../ui/class-names';
import plain from '../../ui/plain.module.css';
import s from './reports.module.css';

const CARD = cx(plain.card, s.incomeTax);

/**
 * The way from Reports to the Quarterly update (beyond the spec; docs/product.md, "Screens and routes"): for a sole
 * trader, and for an owner who has not said how the business is set up (the page asks). A limited company or a
 * partnership sees no Income Tax pages.
 */
export function IncomeTaxEntry({ id }: { id: string }) {
  const details = useUserDetails(id);
  const form = details.data?.legal_form;
  if (!details.data || (form !== null && !hasIncomeTaxPages(form))) return null;
  // Plain elements with static classes (reports.module.css), drawn as MUI's Paper, Typography and outlined Button.
  return (
    <section aria-labelledby="income-tax-entry" className={CARD}>
      <div className={s.incomeTaxText}>
        <h2 id="income-tax-entry" className={s.incomeTaxTitle}>
          Income Tax: {INCOME_TAX_MESSAGES.title.toLowerCase()}
        </h2>
        <p className={s.body2}>
          Your business’s income and expenses each quarter in HMRC’s categories, from your books, sent to HMRC under{' '}
          {INCOME_TAX_MESSAGES.subtitle}.
        </p>
      </div>
      <RouterLink className={s.outlined} to="/main-menu/reports/quarterly-update">
        Open the quarterly update
      </RouterLink>
    </section>
  );
}
