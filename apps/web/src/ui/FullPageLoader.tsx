import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { pageBackground } from './AuthLayout';
import { BrandLogo } from './BrandLogo';
import { Spinner } from './Spinner';

/** Splash and loader screens: the logo, a spinner and an optional line, announced to screen readers. */
export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        ...pageBackground,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
      }}
    >
      <BrandLogo height={48} />
      <Spinner size={32} />
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
    </Box>
  );
}
