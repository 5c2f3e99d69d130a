import {
  londonDateOf,
  type UpdateVatSettingsRequest,
  VAT_CATEGORIES,
  VAT_LABELS,
  VAT_MESSAGES,
  VAT_TREATMENTS,
  type VatCategoryRate,
  type VatSettings,
  type VatTreatment,
} from '@brade/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { updateVatSettings } from '../../api/settings';
import { failureNotice } from '../../ui/failure-notice';
import { PlainSkeleton } from '../../ui/PlainSkeleton';
import { LoadFailed, SettingsCard } from '../../ui/SettingsCard';
import { useDeferredArrival } from '../../ui/use-deferred-arrival';
import type { NoticeSeverity } from '../../ui/use-notices';
import { VatSchemeFields } from '../../ui/VatSchemeFields';
import { vatQuery } from './settings-queries';

type Notify = (severity: NoticeSeverity, text: string, detail?: string) => void;

const request = (s: VatSettings): UpdateVatSettingsRequest => ({
  scheme: s.scheme,
  flat_rate_percent: s.flat_rate_percent,
  registered_from: s.registered_from,
  stagger: s.stagger,
  category_rates: s.category_rates,
  vrn: s.vrn,
});

/** A new rate for a category from a date the owner chooses (quarters already paid keep theirs). */
function CategoryRates({
  rates,
  disabled,
  onChange,
}: {
  rates: VatCategoryRate[];
  disabled: boolean;
  onChange: (rates: VatCategoryRate[]) => void;
}) {
  const [category, setCategory] = useState(VAT_CATEGORIES[0]!);
  const [treatment, setTreatment] = useState<VatTreatment>('reduced');
  const [from, setFrom] = useState(londonDateOf(new Date()));
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography component="h3" sx={{ fontWeight: 500 }}>
        {VAT_LABELS.categoryRates}
      </Typography>
      {rates.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          Every category has its UK default rate.
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {rates.map((r) => (
            <li key={`${r.category}-${r.effective_from}`}>
              <Typography variant="body2" component="span">
                {r.category}: {VAT_LABELS.treatments[r.treatment]} from {r.effective_from}
              </Typography>
              <IconButton
                size="small"
                aria-label={`Remove the rate of ${r.category} from ${r.effective_from}`}
                disabled={disabled}
                onClick={() => onChange(rates.filter((x) => x !== r))}
              >
                ×
              </IconButton>
            </li>
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Category"
          value={category}
          disabled={disabled}
          onChange={(e) => setCategory(e.target.value)}
          sx={{ minWidth: 220 }}
        >
          {VAT_CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="VAT rate"
          value={treatment}
          disabled={disabled}
          onChange={(e) => setTreatment(e.target.value as VatTreatment)}
          sx={{ minWidth: 170 }}
        >
          {VAT_TREATMENTS.map((t) => (
            <MenuItem key={t} value={t}>
              {VAT_LABELS.treatments[t]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="date"
          label="From"
          value={from}
          disabled={disabled}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button
          variant="outlined"
          disabled={disabled || !from}
          onClick={() => onChange([...rates, { category, treatment, effective_from: from }])}
        >
          Add rate
        </Button>
      </Box>
    </Box>
  );
}

/** Settings → VAT (beyond the spec; docs/finance.md, "VAT"): the scheme, and the rates of categories from a date. */
export function VatCard({ id, notify }: { id: string; notify: Notify }) {
  const client = useQueryClient();
  const settings = useQuery(vatQuery(id));
  const answer = useDeferredArrival(settings.data);
  const [draft, setDraft] = useState<UpdateVatSettingsRequest | null>(null);
  const save = useMutation({
    mutationFn: (next: UpdateVatSettingsRequest) => updateVatSettings(id, next),
    onSuccess: () => {
      setDraft(null);
      notify('success', VAT_MESSAGES.saved);
      // Every figure changes with the VAT status: the tiles, charts and reports read again.
      void client.invalidateQueries();
    },
    onError: (error) => {
      console.error('Could not save VAT settings', error);
      const { text, detail } = failureNotice(VAT_MESSAGES.failure, error);
      notify('error', text, detail);
    },
  });
  const shown = draft ?? (answer ? request(answer) : null);
  return (
    <SettingsCard
      title={VAT_LABELS.card}
      subtitle="Registered businesses see every figure net of VAT; VAT is counted on the dates money moved."
      anchor="vat"
      footer={
        draft && (
          <Button variant="contained" disabled={save.isPending} onClick={() => save.mutate(draft)}>
            Save
          </Button>
        )
      }
    >
      {settings.isError ? (
        <LoadFailed what="VAT settings" onRetry={() => void settings.refetch()} />
      ) : !shown ? (
        <PlainSkeleton rounded height={120} />
      ) : (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <VatSchemeFields value={shown} disabled={save.isPending} onChange={setDraft} />
          {shown.scheme === 'standard' && (
            <CategoryRates
              rates={shown.category_rates ?? []}
              disabled={save.isPending}
              onChange={(category_rates) => setDraft({ ...shown, category_rates })}
            />
          )}
        </Box>
      )}
    </SettingsCard>
  );
}
