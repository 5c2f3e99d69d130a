import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { stored } from '../../../api/session';
import { IntegrationCards } from './IntegrationCards';

/** Settings → Integrations (spec section 2): Stripe, Square, SumUp and the Business Account. */
export function IntegrationsSection() {
  const titleId = useId();
  // The signed-in shell renders Settings only with a stored id.
  const id = stored.id() ?? '';
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      elevation={0}
      sx={{ p: { xs: 2.5, sm: 3 }, border: '1px solid', borderColor: 'divider' }}
    >
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
        Integrations
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
        Connect your card-payment providers and business bank account. Brade imports their transactions every hour (the
        bank up to four times a day); disconnecting keeps what was already imported.
      </Typography>
      <IntegrationCards id={id} />
    </Paper>
  );
}
