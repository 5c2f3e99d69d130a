import {
  EXPENSES_MODES,
  type ExpensesMode,
  INCOME_TAX_MESSAGES,
  type IncomeTaxSettings,
  NINO_MESSAGES,
  QUALIFYING_INCOME_NOTE,
  QUARTER_TYPE_LABELS,
  QUARTER_TYPES,
  type QuarterType,
  type UpdateIncomeTaxSettingsRequest,
} from '@brade/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../api/client';
import { errorText } from '../../api/error-text';
import { updateIncomeTaxSettings } from '../../api/income-tax';
import { FormStack } from '../../ui/FormStack';
import { SelectInput } from '../../ui/SelectInput';
import { TextInput } from '../../ui/TextInput';
import { incomeTaxKeys } from './income-tax-text';

const EXPENSES_LABELS: Record<ExpensesMode, string> = {
  itemised: 'By HMRC’s categories',
  consolidated: 'As one total (while turnover is not over £90,000)',
};

/** '62000' or '62,000.50' as a number of pounds, or null when it is not an amount. */
function amountOf(typed: string): number | null {
  const cleaned = typed.replace(/[£,\s]/g, '');
  return /^\d+(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : null;
}

/**
 * A sole trader's Income Tax details (docs/finance.md, "Income Tax"): their National Insurance number, quarter type,
 * how expenses are sent, and whether Making Tax Digital for Income Tax applies, with the figure it was worked out from
 * (the books' last full tax year, else the owner's answer to Brade's question).
 */
export function IncomeTaxDetailsCard({
  id,
  settings,
  readOnly,
}: {
  id: string;
  settings: IncomeTaxSettings;
  readOnly: boolean;
}) {
  const client = useQueryClient();
  const [nino, setNino] = useState(settings.nino ?? '');
  const [quarterType, setQuarterType] = useState<QuarterType>(settings.quarter_type);
  const [expenses, setExpenses] = useState<ExpensesMode>(settings.expenses);
  const [income, setIncome] = useState(settings.owner_answer ? String(settings.owner_answer.amount) : '');
  const [incomeError, setIncomeError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: UpdateIncomeTaxSettingsRequest) => updateIncomeTaxSettings(id, body),
    onSuccess: (answer) => {
      client.setQueryData(incomeTaxKeys.settings(id), answer.settings);
      void client.invalidateQueries({ queryKey: incomeTaxKeys.all(id) });
    },
  });
  const fields = isApiError(save.error) ? (save.error.body?.fields ?? {}) : {};
  const question = settings.question;
  const changed =
    nino.replace(/\s/g, '').toUpperCase() !== (settings.nino ?? '') ||
    quarterType !== settings.quarter_type ||
    expenses !== settings.expenses ||
    (question !== null && income.trim() !== '');

  const submit = () => {
    const body: UpdateIncomeTaxSettingsRequest = {
      nino: nino.trim() ? nino : null,
      quarter_type: quarterType,
      expenses,
    };
    if (question && income.trim()) {
      const amount = amountOf(income);
      if (amount === null) {
        setIncomeError(INCOME_TAX_MESSAGES.qualifyingIncome);
        return;
      }
      body.qualifying_income = { amount, tax_year: question.tax_year };
    }
    setIncomeError(null);
    save.mutate(body);
  };

  return (
    <Paper
      component="section"
      aria-labelledby="income-tax-details"
      elevation={0}
      sx={{ p: { xs: 2, sm: 3 }, border: '1px solid', borderColor: 'divider', display: 'grid', gap: 2, minWidth: 0 }}
    >
      <Typography id="income-tax-details" variant="h2" sx={{ fontSize: '1.15rem' }}>
        Your Income Tax details
      </Typography>
      {settings.mtd && (
        <Alert severity={settings.mtd.applies ? 'info' : 'success'} role="note">
          {settings.mtd.sentence}
        </Alert>
      )}
      <FormStack>
        <TextInput
          name="nino"
          label={NINO_MESSAGES.label}
          value={nino}
          onChange={(event) => setNino(event.target.value)}
          autoComplete="off"
          disabled={readOnly || save.isPending}
          error={Boolean(fields.nino)}
          helperText={fields.nino ?? NINO_MESSAGES.hint}
        />
        <SelectInput
          name="quarter_type"
          label="Quarterly update periods"
          options={QUARTER_TYPES.map((value) => ({ value, label: QUARTER_TYPE_LABELS[value] }))}
          value={quarterType}
          onChange={(event) => setQuarterType(event.target.value as QuarterType)}
          disabled={readOnly || save.isPending}
          helperText="Standard quarters end on 5 July, 5 October, 5 January and 5 April; calendar ones on 30 June, 30 September, 31 December and 31 March, and suit books kept from 1 April. HMRC holds the choice for each tax year: the updates below follow HMRC's."
        />
        <SelectInput
          name="expenses"
          label="Expenses are sent"
          options={EXPENSES_MODES.map((value) => ({ value, label: EXPENSES_LABELS[value] }))}
          value={expenses}
          onChange={(event) => setExpenses(event.target.value as ExpensesMode)}
          disabled={readOnly || save.isPending}
        />
        {question && (
          <TextInput
            name="qualifying_income"
            label={`Qualifying income in ${question.tax_year} (£)`}
            value={income}
            onChange={(event) => setIncome(event.target.value)}
            disabled={readOnly || save.isPending}
            error={Boolean(incomeError ?? fields['qualifying_income.amount'])}
            helperText={incomeError ?? fields['qualifying_income.amount'] ?? question.text}
          />
        )}
      </FormStack>
      {!question && settings.qualifying_income?.source === 'books' && (
        <Typography variant="body2" color="textSecondary">
          {QUALIFYING_INCOME_NOTE}
        </Typography>
      )}
      {save.isError && !Object.keys(fields).length && (
        <Alert severity="error">
          {errorText(save.error, { noText: INCOME_TAX_MESSAGES.failure, failure: INCOME_TAX_MESSAGES.failure })}
        </Alert>
      )}
      {save.isSuccess && !changed && <Alert severity="success">{INCOME_TAX_MESSAGES.saved}</Alert>}
      {!readOnly && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button variant="contained" disabled={!changed || save.isPending} onClick={submit}>
            Save details
          </Button>
        </Box>
      )}
    </Paper>
  );
}
