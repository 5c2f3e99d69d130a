import { hasIncomeTaxPages, INCOME_TAX_MESSAGES } from '@brade/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useUserDetails } from '../../shell/use-user-details';

/**
 * The way from Reports to the Quarterly update (beyond the spec; docs/product.md, "Screens and routes"): for a sole
 * trader, and for an owner who has not said how the business is set up (the page asks). A limited company or a
 * partnership sees no Income Tax pages.
 */
export function IncomeTaxEntry({ id }: { id: string }) {
  const details = useUserDetails(id);
  const form = details.data?.legal_form;
  if (!details.data || (form !== null && !hasIncomeTaxPages(form))) return null;
  return (
    <Paper
      component="section"
      aria-labelledby="income-tax-entry"
      elevation={0}
      sx={{
        p: { xs: 2, sm: 2.5 },
        border: '1px solid',
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
      }}
    >
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
        <Typography id="income-tax-entry" variant="h2" sx={{ fontSize: '1.1rem' }}>
          Income Tax: {INCOME_TAX_MESSAGES.title.toLowerCase()}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Your business’s income and expenses each quarter in HMRC’s categories, from your books, sent to HMRC under{' '}
          {INCOME_TAX_MESSAGES.subtitle}.
        </Typography>
      </Box>
      <Button variant="outlined" component={RouterLink} to="/main-menu/reports/quarterly-update">
        Open the quarterly update
      </Button>
    </Paper>
  );
}
