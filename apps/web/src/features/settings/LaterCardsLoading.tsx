import { HMRC_MESSAGES } from '@brade/contract';
import { PlainSettingsCard } from '../../ui/PlainSettingsCard';
import { PlainSkeleton } from '../../ui/PlainSkeleton';
import { CATEGORY_RULES_CARD, INTEGRATIONS_CARD, VAT_CARD } from './card-texts';
import { IntegrationCardsLoading } from './integrations/IntegrationCardsLoading';
import s from './settings.module.css';

/**
 * The cards below the fold (VAT, category rules, integrations) as they look while their calls run, drawn until their
 * code has loaded (LaterCards.tsx): the same regions, headings and skeletons, so nothing changes when they come.
 */
export function LaterCardsLoading({ withRules }: { withRules: boolean }) {
  return (
    <>
      <PlainSettingsCard {...VAT_CARD}>
        <PlainSkeleton rounded height={120} />
      </PlainSettingsCard>
      {withRules && (
        <PlainSettingsCard {...CATEGORY_RULES_CARD}>
          <PlainSkeleton rounded height={48} />
        </PlainSettingsCard>
      )}
      <PlainSettingsCard {...INTEGRATIONS_CARD}>
        <IntegrationCardsLoading />
        <div className={s.hmrc}>
          {/* HmrcIntegrationCard's look while its connection loads; a stand-in, not yet its region. */}
          <div className={s.hmrcLoading}>
            <div className={s.hmrcHead}>
              <h3 className={s.hmrcTitle}>{HMRC_MESSAGES.cardTitle}</h3>
            </div>
            <PlainSkeleton rounded height={60} />
          </div>
        </div>
      </PlainSettingsCard>
    </>
  );
}
