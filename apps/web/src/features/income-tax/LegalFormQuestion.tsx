import { INCOME_TAX_MESSAGES, LEGAL_FORM_MESSAGES, type LegalForm } from '@brade/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../api/error-text';
import { updateIncomeTaxSettings } from '../../api/income-tax';
import { LEGAL_FORM_OPTIONS } from '../../ui/business-form';
import { SelectInput } from '../../ui/SelectInput';
import { incomeTaxKeys } from './income-tax-text';

/**
 * The question an owner from before the legal form existed answers before any tax page (docs/finance.md, "Income
 * Tax"): saved with the business details, as Profile would.
 */
export function LegalFormQuestion({ id }: { id: string }) {
  const client = useQueryClient();
  const [form, setForm] = useState('');
  const save = useMutation({
    mutationFn: (legalForm: LegalForm) => updateIncomeTaxSettings(id, { legal_form: legalForm }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: incomeTaxKeys.all(id) });
      window.dispatchEvent(new Event('userDetailsUpdated'));
    },
  });
  return (
    <Paper
      elevation={0}
      sx={{ p: { xs: 2, sm: 3 }, border: '1px solid', borderColor: 'divider', display: 'grid', gap: 2 }}
    >
      <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
        {LEGAL_FORM_MESSAGES.question}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {INCOME_TAX_MESSAGES.legalFormNeeded} A sole trader sends HMRC quarterly updates of their business’s income and
        expenses; a limited company pays Corporation Tax instead. You can change it later in Profile.
      </Typography>
      <Box sx={{ maxWidth: 360 }}>
        <SelectInput
          label={LEGAL_FORM_MESSAGES.label}
          options={LEGAL_FORM_OPTIONS}
          placeholder="Choose one"
          value={form}
          onChange={(event) => setForm(event.target.value)}
          disabled={save.isPending}
        />
      </Box>
      {save.isError && (
        <Alert severity="error">
          {errorText(save.error, { noText: INCOME_TAX_MESSAGES.failure, failure: INCOME_TAX_MESSAGES.failure })}
        </Alert>
      )}
      <Box>
        <Button variant="contained" disabled={!form || save.isPending} onClick={() => save.mutate(form as LegalForm)}>
          Save
        </Button>
      </Box>
    </Paper>
  );
}
