import { PROFILE_MESSAGES, STORAGE_KEYS } from '@brade/contract';
import Person from '@mui/icons-material/Person';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { stored } from '../../api/session';
import type { UserDetails } from '../../api/user';
import { isDemoAccount } from '../../shell/demo-account';
import { useUserDetails } from '../../shell/use-user-details';
import { LoadFailed } from '../../ui/SettingsCard';
import { StatusAlerts } from '../../ui/StatusAlerts';
import { BRAND_PRIMARY } from '../../ui/theme';
import { type NoticeSeverity, useNotices } from '../../ui/use-notices';
import { BusinessInformation } from './BusinessInformation';
import { ChangePassword } from './ChangePassword';
import { LogoutButton } from './LogoutButton';
import { PersonalInformation } from './PersonalInformation';
import { PhotoPicker } from './PhotoPicker';
import { ProfileSection, SectionSkeleton } from './ProfileSection';
import { SECTION_TITLES } from './profile-form';
import { useProfileEditor } from './use-profile-editor';

/** What the e-mailed confirmation link reports when it lands here (accounts/email-change.ts on the server). */
const EMAIL_CHANGE_RESULTS: Record<string, { severity: NoticeSeverity; text: string }> = {
  confirmed: { severity: 'success', text: PROFILE_MESSAGES.email.confirmed },
  invalid: { severity: 'error', text: PROFILE_MESSAGES.email.linkInvalid },
  in_use: { severity: 'error', text: PROFILE_MESSAGES.email.inUse },
};

const SAVE_BAR_GAP_PX = 16;
/** The sticky bar's height and gap, kept clear below whatever is focused or scrolled to. */
export const SAVE_BAR_CLEARANCE_PX = 96;

/**
 * While the sticky 'Save changes' bar shows, the page keeps room for it at the bottom: a heading or its Cancel
 * button that gets focus (or is scrolled to) stops above the bar instead of beneath it.
 */
function useSaveBarClearance(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const root = document.documentElement;
    root.style.scrollPaddingBottom = `${SAVE_BAR_CLEARANCE_PX}px`;
    return () => {
      root.style.scrollPaddingBottom = '';
    };
  }, [active]);
}

/** /main-menu/profile (docs/product.md, "Screens and routes"). Without a stored id it goes back to /main-menu. */
export default function ProfilePage() {
  const id = stored.id();
  if (!id) return <Navigate to="/main-menu" replace />;
  return <Profile id={id} />;
}

function useEmailChangeResult(notify: (severity: NoticeSeverity, text: string) => void) {
  const [params, setParams] = useSearchParams();
  const reported = useRef(false);
  const result = params.get('email_change');
  useEffect(() => {
    if (!result || reported.current) return;
    reported.current = true;
    const known = EMAIL_CHANGE_RESULTS[result];
    if (known) notify(known.severity, known.text);
    if (result === 'confirmed') window.dispatchEvent(new Event('userDetailsUpdated'));
    setParams({}, { replace: true });
  }, [result, notify, setParams]);
}

function Profile({ id }: { id: string }) {
  // The profile card hands over the user it shows (docs/product.md, "Screens and routes"): shown until the fresh
  // details arrive.
  const handedOver = (useLocation().state as { user?: UserDetails } | null)?.user;
  const query = useUserDetails(id);
  const details = query.data ?? handedOver;
  const { notices, notify, dismiss, dismissTagged } = useNotices();
  const editor = useProfileEditor(id, details, notify, dismissTagged);
  useEmailChangeResult(notify);

  // The stored e-mail identifies the demo account and the session's owner: keep it current after a change.
  useEffect(() => {
    if (query.data?.email) localStorage.setItem(STORAGE_KEYS.email, query.data.email);
  }, [query.data?.email]);

  const anyEditing = editor.editing.size > 0;
  useSaveBarClearance(anyEditing);
  const section = (key: 'personal' | 'business' | 'password', body: ReactNode) =>
    details ? (
      <ProfileSection
        title={SECTION_TITLES[key]}
        editing={editor.editing.has(key)}
        onToggle={() => editor.toggle(key)}
        disabled={editor.saving}
      >
        {body}
      </ProfileSection>
    ) : (
      <SectionSkeleton />
    );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 880 }}>
      <Typography variant="h1">Profile</Typography>
      {isDemoAccount(details?.email, stored.email()) && (
        <Alert severity="info" role="note">
          The demo account can look around, but its profile cannot be changed.
        </Alert>
      )}
      {query.isError && !details ? (
        <LoadFailed what="profile" onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Paper
            elevation={0}
            sx={{
              p: { xs: 2.5, sm: 3 },
              border: '1px solid',
              borderColor: 'divider',
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              alignItems: 'center',
              gap: 3,
            }}
          >
            <PhotoPicker id={id} notify={notify}>
              <Avatar
                src={details?.profile_photo ?? undefined}
                alt={details?.full_name ? `Profile photo of ${details.full_name}` : 'Profile photo'}
                sx={{ width: 96, height: 96, bgcolor: BRAND_PRIMARY }}
              >
                <Person sx={{ fontSize: 48 }} />
              </Avatar>
            </PhotoPicker>
            <Box sx={{ flex: 1, minWidth: 0, textAlign: { xs: 'center', sm: 'left' } }}>
              <Typography sx={{ fontSize: '1.15rem', fontWeight: 600, overflowWrap: 'anywhere' }}>
                {details?.full_name ?? <Skeleton width={160} />}
              </Typography>
              <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                {details?.email ?? <Skeleton width={200} />}
              </Typography>
              {details?.salon_name && (
                <Typography variant="body2" color="textSecondary">
                  {details.salon_name}
                </Typography>
              )}
            </Box>
            <LogoutButton />
          </Paper>
          {section(
            'personal',
            details && (
              <PersonalInformation
                details={details}
                editing={editor.editing.has('personal')}
                draft={editor.drafts.personal}
                errors={editor.errors.personal}
                disabled={editor.saving}
                pendingEmail={editor.pendingEmail}
                onChange={(draft) => editor.change('personal', draft)}
              />
            ),
          )}
          {section(
            'business',
            details && (
              <BusinessInformation
                details={details}
                editing={editor.editing.has('business')}
                draft={editor.drafts.business}
                errors={editor.errors.business}
                disabled={editor.saving}
                onChange={(draft) => editor.change('business', draft)}
              />
            ),
          )}
          {section(
            'password',
            <ChangePassword
              editing={editor.editing.has('password')}
              draft={editor.drafts.password}
              errors={editor.errors.password}
              disabled={editor.saving}
              onChange={(draft) => editor.change('password', draft)}
            />,
          )}
          {anyEditing && (
            <Box
              data-testid="save-bar"
              sx={{
                position: 'sticky',
                bottom: SAVE_BAR_GAP_PX,
                // Only as wide as its button, so that the headings on the left stay visible beside it.
                alignSelf: 'flex-end',
                display: 'flex',
                p: 1,
                borderRadius: 999,
                bgcolor: 'rgba(253, 242, 246, 0.9)',
                backdropFilter: 'blur(4px)',
                boxShadow: '0 2px 12px rgba(0, 0, 0, 0.12)',
              }}
            >
              <Button
                variant="contained"
                size="large"
                onClick={() => void editor.saveAll()}
                disabled={editor.saving}
                fullWidth={false}
              >
                Save changes
              </Button>
            </Box>
          )}
        </>
      )}
      <StatusAlerts notices={notices} onDismiss={dismiss} />
    </Box>
  );
}
