import type { ReactNode } from 'react';
import { cx } from './class-names';
import s from './info-note.module.css';
import plain from './plain.module.css';

/** SvgIcon's look (plain.module.css), at the note's icon size. */
const SVG = cx(plain.icon, s.svg);

/**
 * MUI's info Alert (standard) with role note, on plain elements with static classes (info-note.module.css): Settings
 * shows the demo account's note with its first screen, and MUI's Alert, Paper and SvgIcon worked out their styles at
 * run time.
 */
export function InfoNote({ children }: { children: ReactNode }) {
  return (
    <div className={s.note} role="note">
      <div className={s.icon}>
        <svg className={SVG} focusable="false" aria-hidden="true" viewBox="0 0 24 24">
          <path d="M11,9H13V7H11M12,20C7.59,20 4,16.41 4,12C4,7.59 7.59,4 12,4C16.41,4 20,7.59 20, 12C20,16.41 16.41,20 12,20M12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12A10, 10 0 0,0 12,2M11,17H13V11H11V17Z" />
        </svg>
      </div>
      <div className={s.message}>{children}</div>
    </div>
  );
}
