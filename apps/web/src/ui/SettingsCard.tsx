import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { type ReactNode, useId } from 'react';
import c from './settings-card.module.css';

interface SettingsCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** The card's Save button, shown only after a change. */
  footer?: ReactNode;
  hidden?: boolean;
  /** The element id that a link such as /main-menu/settings#integrations scrolls to. */
  anchor?: string;
}

/**
 * One titled card of the Settings screen; its heading names the region. Plain elements with static classes
 * (settings-card.module.css): Settings draws five of them at once on a phone, and MUI's Paper, Typography and Box
 * worked out each style at run time.
 */
export function SettingsCard({ title, subtitle, children, footer, hidden, anchor }: SettingsCardProps) {
  const titleId = useId();
  return (
    <section className={c.card} aria-labelledby={titleId} hidden={hidden} id={anchor}>
      <h2 id={titleId} className={c.title}>
        {title}
      </h2>
      {subtitle && <p className={c.subtitle}>{subtitle}</p>}
      <div className={c.content}>{children}</div>
      {footer && <div className={c.footer}>{footer}</div>}
    </section>
  );
}

/** A failed load: what did not load, and a way to try again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      We could not load your {what}.
    </Alert>
  );
}
