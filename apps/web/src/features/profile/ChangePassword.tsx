import Typography from '@mui/material/Typography';
import { FormStack } from '../../ui/FormStack';
import { PasswordField } from '../../ui/PasswordField';
import { PasswordRuleChips } from '../../ui/PasswordRuleChips';
import type { FieldErrors, PasswordDraft } from './profile-form';

interface Props {
  editing: boolean;
  draft: PasswordDraft;
  errors: FieldErrors;
  disabled: boolean;
  onChange: (draft: PasswordDraft) => void;
}

/**
 * The current password, then a new one twice with sign-up's live rule chips. Other signed-in devices are signed
 * out once it is saved.
 */
export function ChangePassword({ editing, draft, errors, disabled, onChange }: Props) {
  if (!editing) {
    return (
      <Typography variant="body2" color="textSecondary">
        Choose a new password for signing in. Other devices signed in to your account will be signed out.
      </Typography>
    );
  }
  return (
    <FormStack>
      <PasswordField
        label="Current Password"
        name="currentPassword"
        autoComplete="current-password"
        value={draft.currentPassword}
        disabled={disabled}
        error={Boolean(errors.currentPassword)}
        helperText={errors.currentPassword}
        onChange={(event) => onChange({ ...draft, currentPassword: event.target.value })}
      />
      <PasswordField
        label="New Password"
        name="newPassword"
        autoComplete="new-password"
        value={draft.newPassword}
        disabled={disabled}
        onChange={(event) => onChange({ ...draft, newPassword: event.target.value })}
      />
      {/* Neutral until the owner types a new password (the draft starts empty on every Edit). */}
      <PasswordRuleChips password={draft.newPassword} started={draft.newPassword !== ''} />
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
