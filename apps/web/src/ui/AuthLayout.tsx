import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BrandLogo } from './BrandLogo';

export const pageBackground = {
  minHeight: '100dvh',
  background:
    'radial-gradient(circle at 15% 0%, #FBE0EA 0, transparent 45%), linear-gradient(180deg, #FDF2F6 0%, #FCE8EF 100%)',
} as const;

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Wider card for screens with option lists. */
  wide?: boolean;
  /** A large centred symbol above a centred title (confirmation screens). */
  icon?: ReactNode;
}

/** The centred card every sign-in and onboarding screen sits in. */
export function AuthLayout({ title, subtitle, children, wide = false, icon }: AuthLayoutProps) {
  return (
    <Box
      component="main"
      sx={{
        ...pageBackground,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: { xs: 'flex-start', sm: 'center' },
        px: 2,
        py: { xs: 3, sm: 6 },
      }}
    >
      <Box sx={{ mb: 3 }}>
        <BrandLogo height={40} />
      </Box>
      <Paper
        elevation={0}
        sx={{
          width: '100%',
          maxWidth: wide ? 560 : 440,
          p: { xs: 3, sm: 5 },
          border: '1px solid',
          borderColor: 'divider',
          boxShadow: '0 12px 40px rgba(194, 24, 91, 0.08)',
        }}
      >
        {icon && <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>{icon}</Box>}
        <Typography variant="h1" component="h1" sx={{ mb: subtitle ? 1 : 3, textAlign: icon ? 'center' : undefined }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="textSecondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </Paper>
    </Box>
  );
}
