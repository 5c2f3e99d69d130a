import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PlainSlider } from './PlainSlider';
import { valueAfterKey, valueAt } from './slider-value';

const user = userEvent.setup({ delay: null });

/** A slider from £0 to £20,000 in £10 steps, as the revenue target's, holding its value as the goals card does. */
function Revenue({ start = 7500, disabled = false, onChange = vi.fn() }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <h3 id="name">Revenue target</h3>
      <span id="reference">Industry standard: £6,000</span>
      <PlainSlider
        aria-labelledby="name"
        aria-describedby="reference"
        value={value}
        min={0}
        max={20_000}
        step={10}
        disabled={disabled}
        valueText={(v) => `£${v}`}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    </>
  );
}

const slider = () => screen.getByRole('slider', { name: 'Revenue target' });
const root = () => slider().parentElement!.parentElement!;

/** The rail drawn 200px wide from x = 100. */
function placeRail() {
  vi.spyOn(root(), 'getBoundingClientRect').mockReturnValue({
    left: 100,
    width: 200,
    top: 0,
    height: 30,
    right: 300,
    bottom: 30,
    x: 100,
    y: 0,
    toJSON: () => ({}),
  });
}

describe('PlainSlider', () => {
  it('is a slider named by its heading, described by its reference, with its range and value', () => {
    render(<Revenue />);
    expect(slider()).toHaveValue('7500');
    expect(slider()).toHaveAttribute('aria-valuenow', '7500');
    expect(slider()).toHaveAttribute('aria-valuemin', '0');
    expect(slider()).toHaveAttribute('aria-valuemax', '20000');
    expect(slider()).toHaveAttribute('aria-valuetext', '£7500');
    expect(slider()).toHaveAttribute('step', '10');
    expect(slider()).toHaveAccessibleDescription('Industry standard: £6,000');
  });

  it('moves by a step on the arrows, by 10 with Shift or PageUp/PageDown, to its ends on Home and End', async () => {
    const onChange = vi.fn();
    render(<Revenue onChange={onChange} />);
    slider().focus();
    await user.keyboard('{ArrowRight}{ArrowUp}');
    expect(slider()).toHaveAttribute('aria-valuenow', '7520');
    await user.keyboard('{ArrowLeft}{ArrowDown}{ArrowDown}');
    expect(slider()).toHaveAttribute('aria-valuenow', '7490');
    await user.keyboard('{PageUp}{PageUp}{PageDown}');
    expect(slider()).toHaveAttribute('aria-valuenow', '7500');
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(slider()).toHaveAttribute('aria-valuenow', '7510');
    await user.keyboard('{End}');
    expect(slider()).toHaveAttribute('aria-valuenow', '20000');
    onChange.mockClear();
    await user.keyboard('{ArrowRight}{End}');
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{Home}');
    expect(slider()).toHaveAttribute('aria-valuenow', '0');
    expect(slider()).toHaveAttribute('aria-valuetext', '£0');
  });

  it('shows the keyboard focus ring on its thumb after a key', async () => {
    render(<Revenue />);
    const thumb = slider().parentElement!;
    expect(thumb.className).not.toMatch(/focusVisible/);
    slider().focus();
    await user.keyboard('{ArrowRight}');
    expect(thumb.className).toMatch(/focusVisible/);
    act(() => slider().blur());
    expect(thumb.className).not.toMatch(/focusVisible/);
  });

  it('takes the value where the rail is pressed, on a step, and follows a drag until the press ends', () => {
    const onChange = vi.fn();
    render(<Revenue onChange={onChange} />);
    placeRail();
    fireEvent.pointerDown(root(), { button: 0, pointerId: 1, clientX: 150 });
    expect(slider()).toHaveAttribute('aria-valuenow', '5000');
    expect(slider().parentElement!.className).toMatch(/active/);
    fireEvent.pointerMove(document, { pointerId: 1, buttons: 1, clientX: 201.23 });
    expect(slider()).toHaveAttribute('aria-valuenow', '10120');
    fireEvent.pointerMove(document, { pointerId: 2, buttons: 1, clientX: 290 });
    expect(slider()).toHaveAttribute('aria-valuenow', '10120');
    fireEvent.pointerMove(document, { pointerId: 1, buttons: 1, clientX: 400 });
    fireEvent.pointerMove(document, { pointerId: 1, buttons: 1, clientX: 420 });
    expect(slider()).toHaveAttribute('aria-valuenow', '20000');
    expect(root().className).toMatch(/dragging/);
    fireEvent.pointerUp(document, { pointerId: 1, clientX: 420 });
    expect(root().className).not.toMatch(/dragging/);
    expect(slider().parentElement!.className).not.toMatch(/active/);
    onChange.mockClear();
    fireEvent.pointerMove(document, { pointerId: 1, buttons: 1, clientX: 110 });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('takes a value set on its input (assistive technology), kept within its range', () => {
    render(<Revenue />);
    fireEvent.change(slider(), { target: { value: 9000 } });
    expect(slider()).toHaveAttribute('aria-valuenow', '9000');
  });

  it('does nothing when disabled', () => {
    const onChange = vi.fn();
    render(<Revenue disabled onChange={onChange} />);
    placeRail();
    expect(slider()).toBeDisabled();
    expect(root().className).toMatch(/disabled/);
    fireEvent.pointerDown(root(), { button: 0, pointerId: 1, clientX: 150 });
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('the slider’s values', () => {
  const margin = { min: 0, max: 100, step: 1 };
  it('round a press to the nearest step within the range', () => {
    expect(valueAt(0.254, margin)).toBe(25);
    expect(valueAt(-0.2, margin)).toBe(0);
    expect(valueAt(1.3, margin)).toBe(100);
    expect(valueAt(0.1, { min: 0, max: 1, step: 0.1 })).toBe(0.1);
  });

  it('ignore keys a slider does not take', () => {
    expect(valueAfterKey('a', false, 5, margin)).toBeNull();
    expect(valueAfterKey('PageDown', false, 5, margin)).toBe(0);
  });
});
