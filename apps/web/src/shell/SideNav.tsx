import { type ReactNode, useState } from 'react';
import { Link, NavLink } from 'react-router';
import type { UserDetails } from '../api/user';
import { BrandLogo } from '../ui/BrandLogo';
import { PlainSkeleton } from '../ui/PlainSkeleton';
import { DashboardIcon, LogoutIcon, PersonIcon, ReportsIcon, SettingsIcon } from '../ui/plain-icons';
import { visuallyHidden } from '../ui/visually-hidden';
import s from './shell.module.css';

const DEMO_NOTE_ID = 'demo-account-note';

export interface SideNavProps {
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

/** Where the demo account may not go: focusable, named as a link, going nowhere, and saying why. */
function DemoStandIn({ className, children }: { className: string | undefined; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a link that goes nowhere: an <a> would need an href to be focusable
    <span
      className={className}
      role="link"
      aria-disabled="true"
      aria-describedby={DEMO_NOTE_ID}
      tabIndex={0}
      title="Not available on the demo account"
    >
      {children}
    </span>
  );
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
      <DemoStandIn className={s.itemDisabled}>
        {icon}
        {label}
      </DemoStandIn>
    );
  }
  return (
    <NavLink className={s.item} to={to} onClick={onNavigate}>
      {icon}
      {label}
    </NavLink>
  );
}

/** MUI's Avatar: the photo when there is one and it loads, else the person on the brand colour. */
function Avatar({ photo }: { photo: string | null | undefined }) {
  const [failed, setFailed] = useState<string | null>(null);
  const showPhoto = Boolean(photo) && failed !== photo;
  return (
    <div className={s.avatar}>
      {showPhoto ? (
        <img className={s.avatarPhoto} src={photo ?? undefined} alt="" onError={() => setFailed(photo ?? null)} />
      ) : (
        <PersonIcon small />
      )}
    </div>
  );
}

function ProfileCard({ user, fullName, isDemo, onNavigate }: Omit<SideNavProps, 'signingOut' | 'onSignOut'>) {
  const content = (
    <>
      <Avatar photo={user?.profile_photo} />
      <div className={s.profileText}>
        <span className={s.profileName}>{fullName || <PlainSkeleton width={90} />}</span>
        <span className={s.profileHint}>View profile</span>
      </div>
    </>
  );
  if (isDemo) return <DemoStandIn className={s.profileDisabled}>{content}</DemoStandIn>;
  return (
    // Named by what it shows, the owner's name and 'View profile' (an aria-label would hide the visible words).
    <Link className={s.profile} to="/main-menu/profile" state={{ user }} onClick={onNavigate}>
      {content}
    </Link>
  );
}

/** The left navigation (200px): MAIN MENU links, then the owner's profile card and Log out at the bottom. */
export function SideNav({ user, fullName, isDemo, signingOut, onSignOut, onNavigate, header }: SideNavProps) {
  return (
    <nav aria-label="Main menu" className={s.nav}>
      <div className={s.brandRow}>
        <BrandLogo height={30} />
        {header}
      </div>
      <h2 className={s.menuHeading}>MAIN MENU</h2>
      <ul className={s.links}>
        <li>
          <NavLink className={s.item} to="/main-menu/dashboard" onClick={onNavigate}>
            <DashboardIcon />
            Dashboard
          </NavLink>
        </li>
        <li>
          <NavLink className={s.item} to="/main-menu/reports" onClick={onNavigate}>
            <ReportsIcon />
            Reports
          </NavLink>
        </li>
        <li>
          <MaybeLink
            disabled={isDemo}
            to="/main-menu/settings"
            icon={<SettingsIcon />}
            label="Settings"
            onNavigate={onNavigate}
          />
        </li>
      </ul>
      <div className={s.grow} />
      {isDemo && (
        <span id={DEMO_NOTE_ID} style={visuallyHidden}>
          Not available on the demo account
        </span>
      )}
      <ProfileCard user={user} fullName={fullName} isDemo={isDemo} onNavigate={onNavigate} />
      <button type="button" className={s.logOut} onClick={onSignOut} disabled={signingOut}>
        <LogoutIcon />
        Log out
      </button>
    </nav>
  );
}
