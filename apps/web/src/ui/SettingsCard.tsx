import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

interface SettingsCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** The card's Save button, shown only after a change. */
  footer?: ReactNode;
  hidden?: boolean;
  /** The element id that a link such as /main-menu/settings#integrations scrolls to. */
  anchor?: string;
}

/** One titled card of the Settings screen; its heading names the region. */
export function SettingsCard({ title, subtitle, children, footer, hidden, anchor }: SettingsCardProps) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      elevation={0}
      hidden={hidden}
      id={anchor}
      sx={{ scrollMarginTop: 16, p: { xs: 2.5, sm: 3 }, border: '1px solid', borderColor: 'divider' }}
    >
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.2rem' }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {subtitle}
        </Typography>
      )}
      <Box sx={{ mt: 2.5 }}>{children}</Box>
      {footer && <Box sx={{ mt: 2.5, display: 'flex', justifyContent: 'flex-end' }}>{footer}</Box>}
    </Paper>
  );
}

/** A failed load: what did not load, and a way to try again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      We could not load your {what}.
    </Alert>
  );
}
