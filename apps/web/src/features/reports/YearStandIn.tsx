import { useId } from 'react';
import { cx } from '../../ui/class-names';
import formControl from '../../ui/form-control.module.css';
import plain from '../../ui/plain.module.css';
import s from './year.module.css';

// MUI's FormControl and SvgIcon looks (form-control.module.css, plain.module.css) beside the stand-in's own.
const FIELD = cx(formControl.root, s.field);
const ARROW = cx(plain.icon, s.icon);

/**
 * What MUI's small outlined select (YearSelect) draws, closed, as plain elements with static classes
 * (year.module.css): shown while YearSelect's code loads after the page's first render. The same elements, roles and
 * names; a press or a key that would open the select asks YearSelect to open once it is there.
 */
export function YearStandIn({
  year,
  onOpen,
  focused,
}: {
  year: number;
  onOpen: () => void;
  /** Whether the stand-in has the focus: YearSelect takes it when it replaces it. */
  focused: { current: boolean };
}) {
  const id = useId();
  return (
    <div className={FIELD}>
      <div className={s.label} data-shrink="true" id={`${id}-label`}>
        Year
      </div>
      <div className={s.input}>
        <div
          tabIndex={0}
          role="combobox"
          aria-expanded="false"
          aria-haspopup="listbox"
          aria-labelledby={`${id}-label`}
          id={id}
          className={s.value}
          onFocus={() => {
            focused.current = true;
          }}
          onBlur={() => {
            focused.current = false;
          }}
          onMouseDown={(event) => {
            if (event.button === 0) onOpen();
          }}
          onKeyDown={(event) => {
            if ([' ', 'ArrowUp', 'ArrowDown', 'Enter'].includes(event.key)) {
              event.preventDefault();
              onOpen();
            }
          }}
        >
          {year}
        </div>
        <input aria-invalid="false" aria-hidden="true" tabIndex={-1} className={s.native} value={year} readOnly />
        <svg className={ARROW} focusable="false" aria-hidden="true" viewBox="0 0 24 24">
          <path d="M7 10l5 5 5-5z" />
        </svg>
        <fieldset aria-hidden="true" className={s.outline}>
          <legend className={s.legend}>
            <span>Year</span>
          </legend>
        </fieldset>
      </div>
    </div>
  );
}
