import { type KeyboardEvent, type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import { cx } from './class-names';
import s from './slider.module.css';
import { clampToRange, percentOf, type SliderRange, valueAfterKey, valueAt } from './slider-value';

export interface PlainSliderProps extends SliderRange {
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  /** The accessible value, as MUI's getAriaValueText. */
  valueText: (value: number) => string;
  'aria-labelledby': string;
  'aria-describedby'?: string;
  className?: string;
}

/** MUI counts a press as a drag after this many moves (useSlider's INTENTIONAL_DRAG_COUNT_THRESHOLD). */
const DRAG_AFTER_MOVES = 2;

const focusVisible = (element: Element) => {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false;
  }
};

/**
 * MUI's Slider (one thumb, horizontal) on plain elements with static classes (slider.module.css): the same elements,
 * the same visually hidden <input type="range"> as the thumb's control (role slider, its aria values), the same keys
 * (arrows, Shift+arrows and PageUp/PageDown by 10, Home, End), press and drag along the rail, the same classes of
 * state (pressed, dragging, keyboard focus). MUI's styled slots worked out and inserted their styles at run time, on
 * the Settings page's first screen (docs/architecture.md, "What the signed-in pages draw first").
 */
export function PlainSlider({
  value: given,
  onChange,
  disabled = false,
  valueText,
  className,
  min,
  max,
  step,
  ...aria
}: PlainSliderProps) {
  const range = { min, max, step };
  const value = clampToRange(given, range);
  const rootRef = useRef<HTMLSpanElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [active, setActive] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const stopRef = useRef<(() => void) | null>(null);

  const change = (next: number) => {
    if (next !== value) onChange(next);
  };

  const valueAtPointer = (clientX: number) => {
    const { left, width } = rootRef.current!.getBoundingClientRect();
    return valueAt((clientX - left) / width, range);
  };

  // A disabled slider lets go of focus and of a press, as MUI's.
  useEffect(() => {
    if (!disabled) return;
    if (inputRef.current === document.activeElement) inputRef.current?.blur();
    stopRef.current?.();
  }, [disabled]);
  useEffect(() => () => stopRef.current?.(), []);
  if (disabled && (active || keyboardFocus)) {
    setActive(false);
    setKeyboardFocus(false);
  }

  const onPointerDown = (event: ReactPointerEvent<HTMLSpanElement>) => {
    if (disabled || event.defaultPrevented || event.button !== 0) return;
    const root = event.currentTarget;
    const input = inputRef.current;
    setActive(true);
    if (input && input === document.activeElement) {
      event.preventDefault();
    } else {
      requestAnimationFrame(() => input?.focus({ preventScroll: true, focusVisible: false } as FocusOptions));
    }
    change(valueAtPointer(event.clientX));
    const pointerId = event.pointerId;
    let moves = 0;
    const move = (e: PointerEvent) => {
      if (e.pointerId !== pointerId) return;
      moves += 1;
      if (e.buttons === 0) {
        end(e);
        return;
      }
      if (input && input !== document.activeElement)
        input.focus({ preventScroll: true, focusVisible: false } as FocusOptions);
      setActive(true);
      if (moves > DRAG_AFTER_MOVES) setDragging(true);
      const next = valueAtPointer(e.clientX);
      // The value the parent last had may be behind by a render: compare with what the input shows now.
      if (input ? next !== input.valueAsNumber : true) onChange(next);
    };
    const stop = () => {
      document.removeEventListener('pointermove', move);
      document.removeEventListener('pointerup', end);
      stopRef.current = null;
    };
    const end = (e: PointerEvent) => {
      if (e.pointerId !== pointerId) return;
      setDragging(false);
      setActive(false);
      if (root.hasPointerCapture?.(pointerId)) root.releasePointerCapture(pointerId);
      stop();
    };
    try {
      root.setPointerCapture(pointerId);
    } catch {
      // A pointer that has already gone up cannot be captured; the document's listeners still see it.
    }
    stopRef.current?.();
    stopRef.current = stop;
    document.addEventListener('pointermove', move, { passive: true });
    document.addEventListener('pointerup', end);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const next = valueAfterKey(event.key, event.shiftKey, value, range);
    if (next === null) return;
    event.preventDefault();
    setKeyboardFocus(true);
    change(next);
  };

  const percent = percentOf(value, range);
  return (
    <span
      ref={rootRef}
      className={cx(s.root, disabled && s.disabled, dragging && s.dragging, className)}
      onPointerDown={onPointerDown}
    >
      <span className={s.rail} />
      <span className={s.track} style={{ left: '0%', width: `${percent}%` }} />
      <span
        data-index="0"
        className={cx(s.thumb, active && s.active, keyboardFocus && s.focusVisible)}
        style={{ left: `${percent}%`, zIndex: active ? 1 : undefined }}
      >
        <input
          ref={inputRef}
          data-index="0"
          className={s.input}
          type="range"
          min={min}
          max={max}
          step={step}
          value={value}
          disabled={disabled}
          aria-valuenow={value}
          aria-valuemin={min}
          aria-valuemax={max}
          aria-valuetext={valueText(value)}
          aria-orientation="horizontal"
          {...aria}
          onChange={(event) => {
            setKeyboardFocus(true);
            change(clampToRange(event.currentTarget.valueAsNumber, range));
          }}
          onKeyDown={onKeyDown}
          onFocus={(event) => {
            if (focusVisible(event.currentTarget)) setKeyboardFocus(true);
          }}
          onBlur={(event) => {
            if (!focusVisible(event.currentTarget)) setKeyboardFocus(false);
          }}
        />
      </span>
    </span>
  );
}
