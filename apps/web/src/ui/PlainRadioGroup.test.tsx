import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PlainRadioGroup } from './PlainRadioGroup';

const user = userEvent.setup({ delay: null });
const CHOICES = [
  { value: 'enable', label: 'Enable' },
  { value: 'disable', label: 'Disable' },
] as const;

function Toggle({ disabled = false, onChange = vi.fn() }) {
  const [value, setValue] = useState<'enable' | 'disable'>('enable');
  return (
    <>
      <h3 id="name">Monthly Summary</h3>
      <p id="description">On the 1st of each month.</p>
      <PlainRadioGroup
        name="monthly_summary"
        aria-labelledby="name"
        aria-describedby="description"
        options={CHOICES}
        value={value}
        disabled={disabled}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    </>
  );
}

const group = () => screen.getByRole('radiogroup', { name: 'Monthly Summary' });
const radio = (name: string) => within(group()).getByRole('radio', { name });

describe('PlainRadioGroup', () => {
  it('is a radio group named and described, of radios named by their labels', () => {
    render(<Toggle />);
    expect(group()).toHaveAccessibleDescription('On the 1st of each month.');
    expect(radio('Enable')).toBeChecked();
    expect(radio('Disable')).not.toBeChecked();
    expect(radio('Disable')).toHaveAttribute('name', 'monthly_summary');
  });

  it('changes on a press of a radio or its label', async () => {
    const onChange = vi.fn();
    render(<Toggle onChange={onChange} />);
    await user.click(screen.getByText('Disable'));
    expect(onChange).toHaveBeenLastCalledWith('disable');
    expect(radio('Disable')).toBeChecked();
    expect(radio('Enable')).not.toBeChecked();
    expect(radio('Disable').parentElement!.className).toMatch(/checked/);
    await user.click(radio('Enable'));
    expect(radio('Enable')).toBeChecked();
  });

  it('moves the choice with the arrow keys', async () => {
    render(<Toggle />);
    radio('Enable').focus();
    await user.keyboard('{ArrowRight}');
    expect(radio('Disable')).toBeChecked();
    expect(radio('Disable')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(radio('Enable')).toBeChecked();
  });

  it('does not change when disabled', async () => {
    const onChange = vi.fn();
    render(<Toggle disabled onChange={onChange} />);
    expect(radio('Disable')).toBeDisabled();
    await user.click(screen.getByText('Disable'));
    expect(onChange).not.toHaveBeenCalled();
    expect(radio('Enable')).toBeChecked();
  });
});
