import { cx } from './class-names';
import rippleCss from './focus-ripple.module.css';
import plain from './plain.module.css';
import s from './radio.module.css';

// SvgIcon's look (plain.module.css) and ButtonBase's focus ripple (focus-ripple.module.css), beside the radio's own.
const RING = cx(plain.icon, s.ring);
const DOT = cx(plain.icon, s.dot);
const RIPPLE_ROOT = cx(rippleCss.root, s.ripple);
const RIPPLE = cx(rippleCss.ripple, s.rippleCircle);

export interface RadioOption<V extends string> {
  value: V;
  label: string;
}

interface PlainRadioGroupProps<V extends string> {
  name: string;
  value: V;
  options: readonly RadioOption<V>[];
  onChange: (value: V) => void;
  disabled?: boolean;
  /** One radio under another (MUI's RadioGroup without `row`). */
  column?: boolean;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
}

/**
 * MUI's RadioGroup (a row, or a column) of FormControlLabels with Radios on plain elements with static classes (radio.module.css):
 * the same elements, native <input type="radio"> sharing a name under role radiogroup (the browser moves the choice
 * with the arrow keys), each labelled by its text, the same rings and dots, hover, focus ring and focus ripple. MUI's
 * styled parts worked out and inserted their styles at run time, on the Settings page's first screen
 * (docs/architecture.md, "What the signed-in pages draw first"). MUI's press ripple is left out, as ui/PlainButton.tsx.
 */
export function PlainRadioGroup<V extends string>({
  name,
  value,
  options,
  onChange,
  disabled = false,
  column = false,
  ...aria
}: PlainRadioGroupProps<V>) {
  return (
    <div role="radiogroup" className={cx(s.group, column && s.column)} {...aria}>
      {options.map((option) => {
        const checked = option.value === value;
        return (
          <label key={option.value} className={cx(s.label, disabled && s.disabled)}>
            <span className={cx(s.radio, checked && s.checked, disabled && s.disabled)}>
              <input
                className={s.input}
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                disabled={disabled}
                onChange={(event) => onChange(event.target.value as V)}
              />
              <span className={s.icons}>
                <svg className={RING} focusable="false" aria-hidden="true" viewBox="0 0 24 24">
                  <path d="M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm0 18c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z" />
                </svg>
                <svg className={DOT} focusable="false" aria-hidden="true" viewBox="0 0 24 24">
                  <path d="M8.465 8.465C9.37 7.56 10.62 7 12 7C14.76 7 17 9.24 17 12C17 13.38 16.44 14.63 15.535 15.535C14.63 16.44 13.38 17 12 17C9.24 17 7 14.76 7 12C7 10.62 7.56 9.37 8.465 8.465Z" />
                </svg>
              </span>
              <span className={RIPPLE_ROOT}>
                <span className={RIPPLE}>
                  <span className={rippleCss.child} />
                </span>
              </span>
            </span>
            <span className={s.text}>{option.label}</span>
          </label>
        );
      })}
    </div>
  );
}
