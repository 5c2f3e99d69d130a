import { INCOME_TAX_MESSAGES, type ObligationsResponse } from '@brade/contract';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorText } from '../../api/error-text';
import { getHmrcConnection } from '../../api/hmrc';
import { getIncomeTaxObligations, getIncomeTaxSettings, updateIncomeTaxSettings } from '../../api/income-tax';
import { stored } from '../../api/session';
import { isDemoAccount } from '../../shell/demo-account';
import { HmrcIntegrationCard } from '../hmrc/HmrcIntegrationCard';
import { hmrcKeys } from '../hmrc/use-hmrc-connect';
import { IncomeTaxDetailsCard } from './IncomeTaxDetailsCard';
import { incomeTaxKeys } from './income-tax-text';
import { LegalFormQuestion } from './LegalFormQuestion';
import { ObligationsList } from './ObligationsList';
import { QuarterlyUpdatePanel } from './QuarterlyUpdatePanel';

/** The update the page opens on: the oldest ended and not sent, else the latest sent, else the first. */
function defaultPeriod(answer: ObligationsResponse) {
  const list = answer.obligations;
  const pick =
    list.find((o) => o.status === 'due' || o.status === 'overdue') ??
    [...list].reverse().find((o) => o.status === 'sent') ??
    list[0];
  return pick ? { start: pick.start, end: pick.end } : null;
}

/** HMRC lists several self-employments under the NINO: the owner says which one these books belong to. */
function BusinessChoice({ id, answer }: { id: string; answer: ObligationsResponse }) {
  const client = useQueryClient();
  const [chosen, setChosen] = useState('');
  const save = useMutation({
    mutationFn: (businessId: string) => updateIncomeTaxSettings(id, { business_id: businessId }),
    onSuccess: () => void client.invalidateQueries({ queryKey: incomeTaxKeys.all(id) }),
  });
  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label="Business"
        value={chosen}
        onChange={(e) => setChosen(e.target.value)}
        sx={{ minWidth: 240 }}
      >
        {answer.businesses.map((b) => (
          <MenuItem key={b.id} value={b.id}>
            {b.trading_name ?? b.id}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="contained" disabled={!chosen || save.isPending} onClick={() => save.mutate(chosen)}>
        Use this business
      </Button>
    </Box>
  );
}

/**
 * /main-menu/reports/quarterly-update (beyond the spec; docs/product.md, "Screens and routes"): a sole trader's Making
 * Tax Digital for Income Tax. Their details and whether it applies, HMRC's connection, the quarterly obligations of a
 * tax year with their status, and the update of the one chosen; the end-of-year steps are named as done elsewhere.
 */
export default function QuarterlyUpdatePage() {
  const id = stored.id() ?? '';
  const readOnly = isDemoAccount(stored.email());
  const [taxYear, setTaxYear] = useState<string | null>(null);
  const [chosen, setChosen] = useState<{ start: string; end: string } | null>(null);
  const settings = useQuery({ queryKey: incomeTaxKeys.settings(id), queryFn: () => getIncomeTaxSettings(id) });
  const soleTrader = settings.data?.legal_form === 'sole_trader';
  // HMRC's connection, as its card reads it: connecting or disconnecting there reads the obligations afresh.
  const connection = useQuery({
    queryKey: hmrcKeys.connection(id),
    queryFn: () => getHmrcConnection(id),
    enabled: soleTrader && !readOnly,
  });
  const obligations = useQuery({
    queryKey: [...incomeTaxKeys.obligations(id, taxYear), connection.data?.status ?? null],
    queryFn: () => getIncomeTaxObligations(id, taxYear ?? undefined),
    enabled: soleTrader,
    retry: false,
  });
  const answer = obligations.data;
  const period = chosen ?? (answer ? defaultPeriod(answer) : null);
  const obligation = answer?.obligations.find((o) => o.start === period?.start && o.end === period?.end) ?? null;
  const latestSentEnd =
    answer?.obligations
      .filter((o) => o.sent)
      .map((o) => o.end)
      .sort()
      .at(-1) ?? null;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 1200, minWidth: 0 }}>
      <Box>
        <Button startIcon={<ArrowBackRoundedIcon />} component={RouterLink} to="/main-menu/reports">
          Reports
        </Button>
      </Box>
      <Box>
        <Typography variant="h1">{INCOME_TAX_MESSAGES.title}</Typography>
        <Typography color="textSecondary">{INCOME_TAX_MESSAGES.subtitle}</Typography>
      </Box>
      {readOnly && (
        <Alert severity="info" role="note">
          {INCOME_TAX_MESSAGES.readOnlyDemo}
        </Alert>
      )}
      {settings.isPending && <Skeleton variant="rounded" height={240} />}
      {settings.isError && (
        <Alert severity="error">
          {errorText(settings.error, {
            noText: 'Could not load your Income Tax details. Please try again.',
            failure: 'Could not load your Income Tax details. Please try again.',
          })}
        </Alert>
      )}
      {settings.data && settings.data.legal_form === null && <LegalFormQuestion id={id} />}
      {settings.data && settings.data.legal_form !== null && !soleTrader && (
        <Alert severity="info">
          {INCOME_TAX_MESSAGES.notSoleTrader} You can change how the business is set up in{' '}
          <RouterLink to="/main-menu/profile">Profile</RouterLink>.
        </Alert>
      )}
      {settings.data && soleTrader && (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 360px) minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
            <IncomeTaxDetailsCard
              key={JSON.stringify(settings.data)}
              id={id}
              settings={settings.data}
              readOnly={readOnly}
            />
            {!readOnly && answer && answer.connection !== 'connected' && answer.connection !== 'unavailable' && (
              <HmrcIntegrationCard
                id={id}
                from="quarterly-update"
                title="HMRC"
                intro="Send your quarterly updates to HMRC from Brade. You grant Brade authority on HMRC’s own pages, for 18 months at a time."
              />
            )}
            <Box component="section" aria-labelledby="quarterly-updates" sx={{ display: 'grid', gap: 1.5 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
                <Typography id="quarterly-updates" variant="h2" sx={{ fontSize: '1.15rem', mr: 'auto' }}>
                  Quarterly updates
                </Typography>
                {answer && (
                  <TextField
                    select
                    size="small"
                    label="Tax year"
                    value={answer.tax_year}
                    onChange={(e) => {
                      setTaxYear(e.target.value);
                      setChosen(null);
                    }}
                    sx={{ width: 130 }}
                  >
                    {answer.tax_years.map((y) => (
                      <MenuItem key={y} value={y}>
                        {y}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              </Box>
              {obligations.isPending && <Skeleton variant="rounded" height={200} />}
              {obligations.isError && (
                <Alert severity="error">
                  {errorText(obligations.error, {
                    noText: 'Could not load your quarterly updates. Please try again.',
                    failure: 'Could not load your quarterly updates. Please try again.',
                  })}
                </Alert>
              )}
              {answer && (
                <>
                  <Typography variant="body2" color="textSecondary">
                    {answer.source === 'hmrc'
                      ? `The updates HMRC expects${answer.business?.trading_name ? ` for ${answer.business.trading_name}` : ''}, with ${answer.quarter_type} quarters.`
                      : `Your ${answer.quarter_type} quarters, worked out by Brade. Connect HMRC to see what HMRC expects and to send.`}
                  </Typography>
                  {answer.problem && <Alert severity="warning">{answer.problem}</Alert>}
                  {answer.businesses.length > 1 && !readOnly && <BusinessChoice id={id} answer={answer} />}
                  <ObligationsList obligations={answer.obligations} selected={period} onSelect={setChosen} />
                </>
              )}
            </Box>
          </Box>
          <Box sx={{ minWidth: 0, display: 'grid', gap: 2 }}>
            {obligation && answer ? (
              <QuarterlyUpdatePanel
                key={`${obligation.start}-${obligation.end}`}
                id={id}
                obligation={obligation}
                expenses={settings.data.expenses}
                connected={answer.connection === 'connected' && answer.source === 'hmrc' && answer.business !== null}
                readOnly={readOnly}
                today={answer.today}
                latestSentEnd={latestSentEnd}
              />
            ) : (
              answer && <Alert severity="info">Choose a quarterly update to see its figures.</Alert>
            )}
            <Typography variant="body2" color="textSecondary" data-testid="end-of-year">
              {INCOME_TAX_MESSAGES.endOfYear}
            </Typography>
          </Box>
        </Box>
      )}
    </Box>
  );
}
