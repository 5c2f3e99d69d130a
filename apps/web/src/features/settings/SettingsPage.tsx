import Alert from '@mui/material/Alert';
import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { stored } from '../../api/session';
import { isDemoAccount } from '../../shell/demo-account';
import { StatusAlerts } from '../../ui/StatusAlerts';
import { useAfterFirstScreen } from '../../ui/use-after-first-screen';
import { useNotices } from '../../ui/use-notices';
import { useStartSettingsCalls } from './early-calls';
import { FinancialGoalsCard } from './FinancialGoalsCard';
import { LaterCardsLoading } from './LaterCardsLoading';
import { NotificationsCard } from './NotificationsCard';
import s from './settings.module.css';

/**
 * The cards below the fold on a phone, loaded once the browser is idle after the first screen (bench/lighthouse.mjs:
 * their code ran before the goals showed), their frames standing in meanwhile.
 */
const LaterCards = lazy(() => import('./LaterCards'));

/** /main-menu/settings: Financial Goals, Notifications and Integrations (docs/product.md, "Screens and routes"). */
export default function SettingsPage() {
  const id = stored.id();
  const { notices, notify, dismiss } = useNotices();
  const demo = isDemoAccount(stored.email());
  useStartSettingsCalls(id);
  const drawn = useAfterFirstScreen();
  if (!id) return <Navigate to="/main-menu" replace />;
  const later = <LaterCardsLoading withRules={!demo} />;
  return (
    // Plain elements with static classes (settings.module.css): MUI's styling at run time was most of the first render.
    <div className={s.page}>
      <h1 className={s.title}>Settings</h1>
      {demo && (
        <Alert severity="info" role="note">
          The demo account can look around, but its settings cannot be changed.
        </Alert>
      )}
      <FinancialGoalsCard id={id} notify={notify} />
      <NotificationsCard id={id} notify={notify} />
      {drawn ? (
        <Suspense fallback={later}>
          <LaterCards id={id} notify={notify} withRules={!demo} />
        </Suspense>
      ) : (
        later
      )}
      <StatusAlerts notices={notices} onDismiss={dismiss} />
    </div>
  );
}
