import { Navigate } from 'react-router';
import { stored } from '../../api/session';
import { isDemoAccount } from '../../shell/demo-account';
import { InfoNote } from '../../ui/InfoNote';
import { StatusAlerts } from '../../ui/StatusAlerts';
import { useNotices } from '../../ui/use-notices';
import { CategoryRulesCard } from './CategoryRulesCard';
import { useStartSettingsCalls } from './early-calls';
import { FinancialGoalsCard } from './FinancialGoalsCard';
import { IntegrationsSection } from './integrations/IntegrationsSection';
import { NotificationsCard } from './NotificationsCard';
import s from './settings.module.css';
import { VatCard } from './VatCard';

/** /main-menu/settings: Financial Goals, Notifications and Integrations (docs/product.md, "Screens and routes"). */
export default function SettingsPage() {
  const id = stored.id();
  const { notices, notify, dismiss } = useNotices();
  const demo = isDemoAccount(stored.email());
  useStartSettingsCalls(id);
  if (!id) return <Navigate to="/main-menu" replace />;
  return (
    // Plain elements with static classes (settings.module.css): MUI's styling at run time was most of the first render.
    <div className={s.page}>
      <h1 className={s.title}>Settings</h1>
      {demo && <InfoNote>The demo account can look around, but its settings cannot be changed.</InfoNote>}
      <FinancialGoalsCard id={id} notify={notify} />
      <NotificationsCard id={id} notify={notify} />
      {/* Beyond the spec: VAT (docs/finance.md, "VAT"). */}
      <VatCard id={id} notify={notify} />
      {!demo && <CategoryRulesCard id={id} notify={notify} />}
      <IntegrationsSection />
      <StatusAlerts notices={notices} onDismiss={dismiss} />
    </div>
  );
}
