import { Card, CardContent, Typography } from '@mui/material';

/** Settings → Integrations: replaced by the integrations work (issue 4). */
export function IntegrationsSection() {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          Integrations
        </Typography>
        <Typography color="text.secondary">Connecting providers from Settings is coming in the next release.</Typography>
      </CardContent>
    </Card>
  );
}
