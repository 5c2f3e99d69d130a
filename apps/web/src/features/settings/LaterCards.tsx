import { CategoryRulesCard } from './CategoryRulesCard';
import { IntegrationsSection } from './integrations/IntegrationsSection';
import { VatCard } from './VatCard';

type Notify = Parameters<typeof VatCard>[0]['notify'];

/**
 * The cards below the fold on a phone, loaded once the page's first screen is drawn (SettingsPage): their code (the
 * connect flows, HMRC, the VAT fields, the books' calls) no longer runs before the owner sees the goals.
 */
export default function LaterCards({ id, notify, withRules }: { id: string; notify: Notify; withRules: boolean }) {
  return (
    <>
      {/* Beyond the spec: VAT (docs/finance.md, "VAT"). */}
      <VatCard id={id} notify={notify} />
      {withRules && <CategoryRulesCard id={id} notify={notify} />}
      <IntegrationsSection />
    </>
  );
}
