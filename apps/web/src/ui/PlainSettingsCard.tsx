import { type ReactNode, useId } from 'react';
import c from './settings-card.module.css';

interface PlainSettingsCardProps {
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
 * SettingsCard (one titled card of the Settings screen; its heading names the region) drawn with plain elements and
 * static classes (settings-card.module.css), the same look: Settings draws five of them at once on a phone, and MUI's
 * Paper, Typography and Box worked out each style at run time.
 */
export function PlainSettingsCard({ title, subtitle, children, footer, hidden, anchor }: PlainSettingsCardProps) {
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
