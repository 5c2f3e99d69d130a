import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Navigate } from 'react-router';
import { stored } from '../../api/session';
import { isDemoAccount } from '../../shell/demo-account';
import { StatusAlerts } from '../../ui/StatusAlerts';
import { useNotices } from '../../ui/use-notices';
import { CategoryRulesCard } from './CategoryRulesCard';
import { FinancialGoalsCard } from './FinancialGoalsCard';
import { IntegrationsSection } from './integrations/IntegrationsSection';
import { NotificationsCard } from './NotificationsCard';
import { VatCard } from './VatCard';

/** /main-menu/settings: Financial Goals, Notifications and Integrations (docs/product.md, "Screens and routes"). */
export default function SettingsPage() {
  const id = stored.id();
  const { notices, notify, dismiss } = useNotices();
  if (!id) return <Navigate to="/main-menu" replace />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 880 }}>
      <Typography variant="h1">Settings</Typography>
      {isDemoAccount(stored.email()) && (
        <Alert severity="info" role="note">
          The demo account can look around, but its settings cannot be changed.
        </Alert>
      )}
      <FinancialGoalsCard id={id} notify={notify} />
      <NotificationsCard id={id} notify={notify} />
      {/* Beyond the spec: VAT (docs/finance.md, "VAT"). */}
      <VatCard id={id} notify={notify} />
      {!isDemoAccount(stored.email()) && <CategoryRulesCard id={id} notify={notify} />}
      <IntegrationsSection />
      <StatusAlerts notices={notices} onDismiss={dismiss} />
    </Box>
  );
}
