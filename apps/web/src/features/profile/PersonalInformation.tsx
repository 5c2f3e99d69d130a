import Typography from '@mui/material/Typography';
import type { UserDetails } from '../../api/user';
import { FormStack } from '../../ui/FormStack';
import { TextInput } from '../../ui/TextInput';
import { DetailList } from './ProfileSection';
import type { FieldErrors, PersonalDraft } from './profile-form';

interface Props {
  details: UserDetails;
  editing: boolean;
  draft: PersonalDraft;
  errors: FieldErrors;
  disabled: boolean;
  /** A new address waiting for its confirmation link. */
  pendingEmail: string | null;
  onChange: (draft: PersonalDraft) => void;
}

/** Full Name and Email; a new e-mail takes effect only once its confirmation link is followed. */
export function PersonalInformation({ details, editing, draft, errors, disabled, pendingEmail, onChange }: Props) {
  if (!editing) {
    return (
      <>
        <DetailList
          rows={[
            { label: 'Full Name', value: details.full_name },
            { label: 'Email', value: details.email },
          ]}
        />
        {pendingEmail && pendingEmail !== details.email && (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1.5 }}>
            Waiting for confirmation: {pendingEmail}. Follow the link we sent there to finish the change.
          </Typography>
        )}
      </>
    );
  }
  return (
    <FormStack>
      <TextInput
        label="Full Name"
        name="fullName"
        autoComplete="name"
        value={draft.fullName}
        disabled={disabled}
        error={Boolean(errors.fullName)}
        helperText={errors.fullName}
        onChange={(event) => onChange({ ...draft, fullName: event.target.value })}
      />
      <TextInput
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={draft.email}
        disabled={disabled}
        error={Boolean(errors.email)}
        helperText={errors.email ?? 'A new address changes once you follow the link we e-mail to it.'}
        onChange={(event) => onChange({ ...draft, email: event.target.value })}
      />
    </FormStack>
  );
}
