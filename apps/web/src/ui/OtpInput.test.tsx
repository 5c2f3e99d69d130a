import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { emptyOtp, OtpInput } from './OtpInput';

function Harness() {
  const [digits, setDigits] = useState(emptyOtp);
  return (
    <>
      <OtpInput value={digits} onChange={setDigits} />
      <output data-testid="code">{digits.join('')}</output>
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n}`) as HTMLInputElement;

describe('OtpInput', () => {
  it('renders six numeric boxes labelled Digit 1 to Digit 6', () => {
    render(<Harness />);
    for (let n = 1; n <= 6; n += 1) {
      expect(box(n)).toHaveAttribute('inputmode', 'numeric');
    }
    expect(screen.queryByLabelText('Digit 7')).toBeNull();
  });

  it('accepts digits only', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('a');
    expect(box(1)).toHaveValue('');
    expect(box(1)).toHaveFocus();
    await user.keyboard('-');
    expect(screen.getByTestId('code')).toHaveTextContent('');
  });

  it('moves focus to the next box after each digit', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('4');
    expect(box(1)).toHaveValue('4');
    expect(box(2)).toHaveFocus();
    await user.keyboard('27');
    expect(box(4)).toHaveFocus();
    expect(screen.getByTestId('code')).toHaveTextContent('427');
  });

  it('moves back a box on Backspace in an empty box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('12');
    expect(box(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
    // Backspace in a filled box clears it and stays there.
    await user.keyboard('{Backspace}');
    expect(box(2)).toHaveValue('');
    expect(screen.getByTestId('code')).toHaveTextContent(/^1$/);
  });

  it('fills all six boxes when a whole code is pasted into any box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(4));
    await user.paste('98 76-54');
    expect([1, 2, 3, 4, 5, 6].map((n) => box(n).value)).toEqual(['9', '8', '7', '6', '5', '4']);
    expect(box(6)).toHaveFocus();
  });

  it('replaces the digit in a filled box with the one typed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('12');
    await user.click(box(1));
    await user.keyboard('7');
    expect(screen.getByTestId('code')).toHaveTextContent('72');
    expect(box(2)).toHaveFocus();
  });
});
