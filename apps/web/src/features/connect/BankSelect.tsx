import type { Bank } from '@brade/contract';
import { SelectInput } from '../../ui/SelectInput';

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

/** The bank dropdown of /link-business-bank and the Business Account card: options by id, shown by name. */
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
  return (
    <SelectInput
      label={label}
      name="bank"
      value={value}
      options={banks.map((bank) => ({ value: bank.id, label: bank.name }))}
      onChange={(event) => onChange(event.target.value)}
      placeholder={loading ? 'Loading banks…' : 'Choose your bank'}
      disabled={disabled || loading}
      busy={loading}
      error={error}
      {...(helperText ? { helperText } : {})}
    />
  );
}
