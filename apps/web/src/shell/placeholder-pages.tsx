import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { UserDetails } from '../api/user';
import { BrandLogo } from '../ui/BrandLogo';

/** Stand-in for a signed-in screen that a later release fills in. */
function ComingSoon({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      <Paper elevation={0} sx={{ p: { xs: 3, sm: 4 }, border: '1px solid', borderColor: 'divider' }}>
        <Box sx={{ mb: 2 }}>
          <BrandLogo height={36} markOnly />
        </Box>
        <Typography variant="body1">{text}</Typography>
        {children}
      </Paper>
    </Box>
  );
}

function ProfilePlaceholder() {
  // The profile card hands over the user it shows (spec section 2).
  const user = (useLocation().state as { user?: UserDetails } | null)?.user;
  return (
    <ComingSoon title="Profile" text="Your profile is coming in the next release.">
      {user && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Signed in as {user.fullName} ({user.email}){user.salonName ? `, ${user.salonName}` : ''}.
        </Typography>
      )}
    </ComingSoon>
  );
}

/** One entry per signed-in route still to come; the router picks the page by key. */
export const placeholderPages = {
  reports: () => <ComingSoon title="Reports" text="Reports are coming in the next release." />,
  settings: () => <ComingSoon title="Settings" text="Settings are coming in the next release." />,
  profile: ProfilePlaceholder,
};
