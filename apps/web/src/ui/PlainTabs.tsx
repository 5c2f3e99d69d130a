import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cx } from './class-names';
import rippleCss from './focus-ripple.module.css';
import plain from './plain.module.css';
import s from './tabs.module.css';
import { type Slide, scrollIntoView, slideOf, useScrollButtons } from './use-tab-scroll';

export interface PlainTab<T extends string> {
  value: T;
  label: string;
  id: string;
  /** The id of the panel the tab shows. */
  controls: string;
}

interface Props<T extends string> {
  tabs: readonly PlainTab<T>[];
  value: T;
  onChange: (value: T) => void;
  'aria-label': string;
  /** The root's own looks (its padding and border). */
  className?: string;
}

/**
 * MUI's Tabs (scrollable, scroll buttons when the tabs overflow, on phones too) as plain elements with static classes
 * (tabs.module.css): MUI's measured every tab as the page rendered and worked out its styles at run time. The same
 * roles, names and keys: a tablist of tabs, one tab stop (the selected tab, or the one last focused), the left and
 * right arrows move the focus round the tabs and Home and End to the first and last, a press or Enter or Space selects.
 * The underline sits in the selected tab; on a change it slides across the list to the new one, as MUI's.
 */
export function PlainTabs<T extends string>({ tabs, value, onChange, className, ...aria }: Props<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const [slide, setSlide] = useState<Slide | null>(null);
  const [ripple, setRipple] = useState<Ripple | null>(null);
  const selected = tabs.findIndex((t) => t.value === value);
  const shown = useRef(selected);
  const buttons = useScrollButtons(scroller, list, selected);

  // A change of tab: the underline leaves the old tab for the list, slides to the new one (two renders before the
  // paint, the first at the old place) and the new tab scrolls into view.
  useLayoutEffect(() => {
    const from = shown.current;
    shown.current = selected;
    if (from === selected || !scroller.current || !list.current) return;
    const tabEls = list.current.children;
    const start = slideOf(scroller.current, tabEls[from]);
    const end = slideOf(scroller.current, tabEls[selected]);
    if (start && end && (start.left !== end.left || start.width !== end.width)) setSlide({ ...start, next: end });
    scrollIntoView(scroller.current, tabEls[selected], true);
  }, [selected]);
  useLayoutEffect(() => {
    if (!slide?.next) return;
    // The old place drawn first, so that the move is a transition.
    scroller.current?.lastElementChild?.getBoundingClientRect();
    setSlide({ left: slide.next.left, width: slide.next.width });
  }, [slide]);
  // Back into the tab once it has arrived (transitionend), or after a while if no transition ran.
  useEffect(() => {
    if (!slide || slide.next) return;
    const timer = setTimeout(() => setSlide(null), 1000);
    return () => clearTimeout(timer);
  }, [slide]);

  const onKeyDown = (event: KeyboardEvent) => {
    const tabEls = [...(list.current?.children ?? [])];
    const at = tabEls.indexOf(document.activeElement as Element);
    if (at === -1 || event.defaultPrevented || event.altKey || event.shiftKey || event.ctrlKey || event.metaKey) return;
    const last = tabs.length - 1;
    const to = { ArrowLeft: at === 0 ? last : at - 1, ArrowRight: at === last ? 0 : at + 1, Home: 0, End: last }[
      event.key
    ];
    if (to === undefined) return;
    event.preventDefault();
    (tabEls[to] as HTMLElement).focus();
  };

  const indicator = <span className={s.indicator} />;
  return (
    <div className={cx(s.root, className)}>
      {buttons.shown && <ScrollButton direction="left" on={buttons.start} onPress={() => buttons.scroll(-1)} />}
      <div className={s.scroller} ref={scroller}>
        <div
          role="tablist"
          {...aria}
          className={s.list}
          ref={list}
          onKeyDown={onKeyDown}
          onFocus={(event) => {
            const index = [...event.currentTarget.children].indexOf(event.target);
            if (index === -1) return;
            setFocused(index);
            setRipple(focusRipple(event.target, index));
          }}
          onBlur={(event) => {
            setRipple(null);
            if (!event.currentTarget.contains(event.relatedTarget)) setFocused(null);
          }}
        >
          {tabs.map((tab, i) => (
            <button
              key={tab.value}
              type="button"
              role="tab"
              className={s.tab}
              tabIndex={i === (focused ?? selected) ? 0 : -1}
              aria-selected={i === selected}
              id={tab.id}
              aria-controls={tab.controls}
              onClick={() => {
                if (i !== selected) onChange(tab.value);
              }}
            >
              {tab.label}
              {ripple?.index === i && (
                <span className={rippleCss.root}>
                  <span className={rippleCss.ripple} style={ripple.style}>
                    <span className={rippleCss.child} />
                  </span>
                </span>
              )}
              {i === selected && !slide && indicator}
            </button>
          ))}
        </div>
        {slide && (
          <span
            className={s.indicator}
            style={{ left: slide.left, width: slide.width }}
            onTransitionEnd={() => setSlide(null)}
          />
        )}
      </div>
      {buttons.shown && <ScrollButton direction="right" on={buttons.end} onPress={() => buttons.scroll(1)} />}
    </div>
  );
}

interface Ripple {
  index: number;
  style: { width: number; height: number; top: number; left: number };
}

/** ButtonBase's focus ripple where the keyboard (not a press) focused the tab: a disc centred on it, as MUI's sizes it. */
function focusRipple(tab: Element, index: number): Ripple | null {
  let keyboard = false;
  try {
    keyboard = tab.matches(':focus-visible');
  } catch {
    // A browser (or jsdom) that does not know the selector draws no ripple.
  }
  if (!keyboard) return null;
  const { width, height } = tab.getBoundingClientRect();
  let size = Math.sqrt((2 * width ** 2 + height ** 2) / 3);
  if (size % 2 === 0) size += 1;
  const x = Math.round(width / 2);
  const y = Math.round(height / 2);
  return { index, style: { width: size, height: size, top: -(size / 2) + y, left: -(size / 2) + x } };
}

/**
 * MUI's TabScrollButton: a pointer's way along the list (a keyboard's is the arrow keys), so, as MUI's, neither a
 * button to assistive technology nor a tab stop; its arrow is MUI's KeyboardArrowLeft or KeyboardArrowRight, small.
 */
function ScrollButton({ direction, on, onPress }: { direction: 'left' | 'right'; on: boolean; onPress: () => void }) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: as MUI's, for pointers only (above)
    // biome-ignore lint/a11y/useKeyWithClickEvents: the tabs' arrow keys scroll the list
    <div className={cx(s.scrollButton, !on && s.scrollButtonOff)} onClick={onPress}>
      <svg className={plain.iconSmall} focusable="false" aria-hidden="true" viewBox="0 0 24 24">
        <path
          d={
            direction === 'left'
              ? 'M15.41 16.09l-4.58-4.59 4.58-4.59L14 5.5l-6 6 6 6z'
              : 'M8.59 16.34l4.58-4.59-4.58-4.59L10 5.75l6 6-6 6z'
          }
        />
      </svg>
    </div>
  );
}
