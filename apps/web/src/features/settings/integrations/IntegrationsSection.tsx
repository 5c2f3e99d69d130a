import { useEffect } from 'react';
import { stored } from '../../../api/session';
import { SettingsCard } from '../../../ui/SettingsCard';
import { HmrcIntegrationCard } from '../../hmrc/HmrcIntegrationCard';
import s from '../settings.module.css';
import { IntegrationCards } from './IntegrationCards';

const ANCHOR = 'integrations';

/** Settings → Integrations (docs/product.md, "Screens and routes"): Stripe, Square, SumUp and the Business Account. */
export function IntegrationsSection() {
  // The signed-in shell renders Settings only with a stored id.
  const id = stored.id() ?? '';
  useEffect(() => {
    // The dashboard's "Link your bank" lands here.
    if (window.location.hash === `#${ANCHOR}`) document.getElementById(ANCHOR)?.scrollIntoView?.({ block: 'start' });
  }, []);
  return (
    <SettingsCard
      anchor={ANCHOR}
      title="Integrations"
      subtitle="Connect your card-payment providers and business bank account. Brade imports their transactions every hour (the bank up to four times a day); disconnecting keeps what was already imported."
    >
      <IntegrationCards id={id} />
      {/* Beyond the spec's four cards: filing VAT returns with HMRC (docs/hmrc.md). */}
      <div className={s.hmrc}>
        <HmrcIntegrationCard id={id} />
      </div>
    </SettingsCard>
  );
}
