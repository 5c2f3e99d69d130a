import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import Logout from '@mui/icons-material/Logout';
import Person from '@mui/icons-material/Person';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { styled } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import type { UserDetails } from '../api/user';
import { BrandLogo } from '../ui/BrandLogo';
import { BRAND_PRIMARY, INK, PAGE_TINT } from '../ui/theme';
import { visuallyHidden } from '../ui/visually-hidden';

const ACTIVE_TINT = '#FCE4EC';
const DEMO_NOTE_ID = 'demo-account-note';

const itemStyles = {
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  width: '100%',
  padding: '9px 12px',
  borderRadius: 10,
  border: 0,
  background: 'none',
  color: INK,
  font: 'inherit',
  fontSize: '0.9rem',
  fontWeight: 500,
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  '& svg': { fontSize: 20, color: '#8A6F7C' },
  '&:hover': { backgroundColor: PAGE_TINT },
} as const;

const NavItem = styled(NavLink)({
  ...itemStyles,
  '&.active': { backgroundColor: ACTIVE_TINT, color: BRAND_PRIMARY, fontWeight: 600 },
  '&.active svg': { color: BRAND_PRIMARY },
});

const ActionItem = styled('button')(itemStyles);

/** Looks like a link, goes nowhere: the demo account's Settings and Profile (docs/product.md, "Who may do what"). */
const DisabledItem = styled('span')({
  ...itemStyles,
  opacity: 0.45,
  cursor: 'not-allowed',
  '&:hover': { backgroundColor: 'transparent' },
});

const ProfileLink = styled(Link)({
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  padding: 10,
  borderRadius: 14,
  border: '1px solid #F1D9E3',
  color: INK,
  textDecoration: 'none',
  '&:hover': { backgroundColor: PAGE_TINT },
});

const ProfileDisabled = styled('span')({
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  padding: 10,
  borderRadius: 14,
  border: '1px solid #F1D9E3',
  opacity: 0.45,
  cursor: 'not-allowed',
});

interface SideNavProps {
  user: UserDetails | undefined;
  fullName: string;
  isDemo: boolean;
  signingOut: boolean;
  onSignOut: () => void;
  /** Called after a link is followed (the drawer closes). */
  onNavigate?: () => void;
  /** Shown at the top of the drawer (its close button). */
  header?: ReactNode;
}

/** A link for everyone, or a dimmed, unclickable stand-in for the demo account. */
function MaybeLink({
  disabled,
  to,
  icon,
  label,
  onNavigate,
}: {
  disabled: boolean;
  to: string;
  icon: ReactNode;
  label: string;
  onNavigate?: () => void;
}) {
  if (disabled) {
    return (
      <DisabledItem
        role="link"
        aria-disabled="true"
        aria-describedby={DEMO_NOTE_ID}
        tabIndex={0}
        title="Not available on the demo account"
      >
        {icon}
        {label}
      </DisabledItem>
    );
  }
  return (
    <NavItem to={to} onClick={onNavigate}>
      {icon}
      {label}
    </NavItem>
  );
}

function ProfileCard({ user, fullName, isDemo, onNavigate }: Omit<SideNavProps, 'signingOut' | 'onSignOut'>) {
  const content = (
    <>
      <Avatar src={user?.profile_photo ?? undefined} alt="" sx={{ width: 36, height: 36, bgcolor: BRAND_PRIMARY }}>
        <Person fontSize="small" />
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          component="span"
          sx={{ display: 'block', fontSize: '0.85rem', fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {fullName || <Skeleton width={90} />}
        </Typography>
        <Typography component="span" sx={{ display: 'block', fontSize: '0.75rem', color: 'text.secondary' }}>
          View profile
        </Typography>
      </Box>
    </>
  );
  if (isDemo) {
    return (
      <ProfileDisabled
        role="link"
        aria-disabled="true"
        aria-describedby={DEMO_NOTE_ID}
        tabIndex={0}
        title="Not available on the demo account"
      >
        {content}
      </ProfileDisabled>
    );
  }
  return (
    // Named by what it shows, the owner's name and 'View profile' (an aria-label would hide the visible words).
    <ProfileLink to="/main-menu/profile" state={{ user }} onClick={onNavigate}>
      {content}
    </ProfileLink>
  );
}

/** The left navigation (200px): MAIN MENU links, then the owner's profile card and Log out at the bottom. */
export function SideNav({ user, fullName, isDemo, signingOut, onSignOut, onNavigate, header }: SideNavProps) {
  return (
    <Box
      component="nav"
      aria-label="Main menu"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', px: 1.5, pt: 2.5, pb: 2, bgcolor: 'transparent' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 0.5, mb: 3 }}>
        <BrandLogo height={30} />
        {header}
      </Box>
      <Typography
        component="h2"
        sx={{ px: 1.5, mb: 1, fontSize: '0.7rem', fontWeight: 600, letterSpacing: '0.12em', color: '#8A6F7C' }}
      >
        MAIN MENU
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
        <li>
          <NavItem to="/main-menu/dashboard" onClick={onNavigate}>
            <SpaceDashboardOutlined />
            Dashboard
          </NavItem>
        </li>
        <li>
          <NavItem to="/main-menu/reports" onClick={onNavigate}>
            <AssessmentOutlined />
            Reports
          </NavItem>
        </li>
        <li>
          <MaybeLink
            disabled={isDemo}
            to="/main-menu/settings"
            icon={<SettingsOutlined />}
            label="Settings"
            onNavigate={onNavigate}
          />
        </li>
      </Box>
      <Box sx={{ flex: 1 }} />
      {isDemo && (
        <span id={DEMO_NOTE_ID} style={visuallyHidden}>
          Not available on the demo account
        </span>
      )}
      <ProfileCard user={user} fullName={fullName} isDemo={isDemo} onNavigate={onNavigate} />
      <ActionItem type="button" onClick={onSignOut} disabled={signingOut} sx={{ mt: 1 }}>
        <Logout />
        Log out
      </ActionItem>
    </Box>
  );
}
