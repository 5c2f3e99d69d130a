import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import type { Notice } from './use-notices';

/** The save alerts, stacked at the top of the window where they cannot be missed. */
export function StatusAlerts({ notices, onDismiss }: { notices: Notice[]; onDismiss: (id: number) => void }) {
  return (
    <Snackbar open={notices.length > 0} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, width: { xs: 'calc(100vw - 32px)', sm: 440 } }}>
        {notices.map((notice) => (
          <Alert
            key={notice.id}
            severity={notice.severity}
            variant="filled"
            onClose={() => onDismiss(notice.id)}
            sx={{ boxShadow: 3, alignItems: 'flex-start' }}
          >
            {notice.text}
            {notice.detail && (
              <Typography component="span" variant="body2" sx={{ display: 'block', mt: 0.5, opacity: 0.92 }}>
                {notice.detail}
              </Typography>
            )}
          </Alert>
        ))}
      </Box>
    </Snackbar>
  );
}
