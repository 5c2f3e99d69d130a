import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PlainTabs } from './PlainTabs';

const TABS = (['one', 'two', 'three'] as const).map((value) => ({
  value,
  label: `Tab ${value}`,
  id: `tab-${value}`,
  controls: `panel-${value}`,
}));

function Harness({ onChange }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState<(typeof TABS)[number]['value']>('one');
  return (
    <>
      <button type="button">Before</button>
      <PlainTabs
        tabs={TABS}
        value={value}
        onChange={(next) => {
          onChange?.(next);
          setValue(next);
        }}
        aria-label="Things"
      />
      <button type="button">After</button>
    </>
  );
}

const tab = (value: string) => screen.getByRole('tab', { name: `Tab ${value}` });
const tabStops = () => screen.getAllByRole('tab').filter((t) => t.tabIndex === 0);

describe('PlainTabs', () => {
  it('is a named tablist of tabs, each naming its panel, the selected one marked and the only tab stop', () => {
    render(<Harness />);
    const tabs = within(screen.getByRole('tablist', { name: 'Things' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Tab one', 'Tab two', 'Tab three']);
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs[1]).toHaveAttribute('id', 'tab-two');
    expect(tabs[1]).toHaveAttribute('aria-controls', 'panel-two');
    expect(tabStops()).toEqual([tabs[0]]);
  });

  it('selects a tab pressed, and does not call back for the selected one', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    await user.click(tab('one'));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(tab('three'));
    expect(onChange).toHaveBeenCalledWith('three');
    expect(tab('three')).toHaveAttribute('aria-selected', 'true');
    expect(tab('one')).toHaveAttribute('aria-selected', 'false');
  });

  it('moves the focus with the arrow keys, round from either end, and to the ends with Home and End, selecting nothing', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(tab('one')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('two')).toHaveFocus();
    // The focused tab is the tab stop while the focus is in the list.
    expect(tabStops()).toEqual([tab('two')]);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(tab('one')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('three')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('one')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tab('three')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowUp}');
    expect(tab('three')).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
    expect(tab('one')).toHaveAttribute('aria-selected', 'true');
  });

  it('selects the focused tab with Enter or Space', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(tab('two')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight} ');
    expect(tab('three')).toHaveAttribute('aria-selected', 'true');
  });

  it('leaves the list in one Tab, and comes back to the selected tab', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    await user.keyboard('{ArrowRight}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    expect(tabStops()).toEqual([tab('one')]);
    await user.tab({ shift: true });
    expect(tab('one')).toHaveFocus();
  });

  it('draws the underline in the selected tab', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(tab('one').querySelector('span')).not.toBeNull();
    await user.click(tab('two'));
    // jsdom lays nothing out: nothing to slide across, the underline moves at once.
    expect(tab('one').querySelector('span')).toBeNull();
    expect(tab('two').querySelector('span')).not.toBeNull();
  });
});

describe("PlainTabs' scroll buttons", () => {
  /** An IntersectionObserver the test answers for: `deliver(tab, [false, true])` sends one call with both changes. */
  function fakeObservers() {
    const watching = new Map<Element, IntersectionObserverCallback>();
    class FakeObserver {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        watching.set(target, this.callback);
      }
      disconnect() {}
      unobserve() {}
      takeRecords() {
        return [];
      }
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    return (target: Element, states: boolean[]) => {
      const entries = states.map((isIntersecting) => ({ target, isIntersecting }) as IntersectionObserverEntry);
      act(() => watching.get(target)?.(entries, {} as IntersectionObserver));
    };
  }
  const arrows = () => document.querySelectorAll('path[d^="M15.41"], path[d^="M8.59"]').length;

  it('shows them while the last tab is out of view, and goes by the latest change when a call brings several', () => {
    const deliver = fakeObservers();
    try {
      render(<Harness />);
      expect(arrows()).toBe(0);
      deliver(tab('three'), [false]);
      expect(arrows()).toBe(2);
      // Laid out before the styles came (out of view), then in view: one call, oldest first.
      deliver(tab('three'), [false, true]);
      expect(arrows()).toBe(0);
      deliver(tab('three'), [true, false]);
      expect(arrows()).toBe(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
