import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';

/**
 * A form's alert: the spec's sentence word for word and, under it, why when the server said (the error shape's
 * `reason`, docs/architecture.md "The API's conventions").
 */
export function ErrorWithReason({
  error,
  reason,
  severity = 'error',
}: {
  error: string;
  reason?: string | null | undefined;
  severity?: 'error' | 'success';
}) {
  return (
    <Alert severity={severity}>
      {error}
      {reason && (
        <Typography data-testid="error-reason" component="span" variant="body2" sx={{ display: 'block', mt: 0.5 }}>
          {reason}
        </Typography>
      )}
    </Alert>
  );
}
