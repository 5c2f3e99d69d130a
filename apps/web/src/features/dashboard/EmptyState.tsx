import LinkOutlined from '@mui/icons-material/LinkOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { BRAND_PRIMARY } from '../../ui/theme';

/** A new owner with nothing connected yet: what the dashboard will show, and the way to get there. */
export function EmptyState() {
  const titleId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      elevation={0}
      sx={{
        p: { xs: 3, sm: 4 },
        display: 'flex',
        gap: 3,
        alignItems: { xs: 'flex-start', sm: 'center' },
        flexDirection: { xs: 'column', sm: 'row' },
        border: '1px solid',
        borderColor: 'divider',
      }}
    >
      <Box
        sx={{
          flexShrink: 0,
          width: 56,
          height: 56,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: '#FCE4EC',
          color: BRAND_PRIMARY,
        }}
      >
        <LinkOutlined />
      </Box>
      <Box sx={{ flex: 1 }}>
        <Typography id={titleId} variant="h3" component="h2" sx={{ mb: 0.5 }}>
          No figures yet
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Connect your card-payment provider (Stripe, Square or SumUp) and your business bank account. Brade will then
          show your monthly revenue, expenses and revenue per client here, with charts of the last 12 months.
        </Typography>
      </Box>
      <Button component={RouterLink} to="/link-your-pos-account" variant="contained" sx={{ flexShrink: 0 }}>
        Connect your accounts
      </Button>
    </Paper>
  );
}
