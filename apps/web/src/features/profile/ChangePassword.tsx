import Typography from '@mui/material/Typography';
import { FormStack } from '../../ui/FormStack';
import { PasswordField } from '../../ui/PasswordField';
import type { FieldErrors, PasswordDraft } from './profile-form';

interface Props {
  editing: boolean;
  draft: PasswordDraft;
  errors: FieldErrors;
  disabled: boolean;
  onChange: (draft: PasswordDraft) => void;
}

/** A new password twice; other signed-in devices are signed out once it is saved. */
export function ChangePassword({ editing, draft, errors, disabled, onChange }: Props) {
  if (!editing) {
    return (
      <Typography variant="body2" color="text.secondary">
        Choose a new password for signing in. Other devices signed in to your account will be signed out.
      </Typography>
    );
  }
  return (
    <FormStack>
      <PasswordField
        label="New Password"
        name="newPassword"
        autoComplete="new-password"
        value={draft.newPassword}
        disabled={disabled}
        onChange={(event) => onChange({ ...draft, newPassword: event.target.value })}
      />
      <PasswordField
        label="Confirm New Password"
        name="confirmPassword"
        autoComplete="new-password"
        value={draft.confirmPassword}
        disabled={disabled}
        error={Boolean(errors.confirmPassword)}
        helperText={errors.confirmPassword}
        onChange={(event) => onChange({ ...draft, confirmPassword: event.target.value })}
      />
    </FormStack>
  );
}
