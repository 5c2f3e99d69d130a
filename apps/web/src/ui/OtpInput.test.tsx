import { fireEvent, render, screen } from '@testing-library/react';
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
const digits = () => [1, 2, 3, 4, 5, 6].map((n) => box(n).value);
const code = () => screen.getByTestId('code').textContent;

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

  it('clears a filled box on Backspace, and in an empty box clears the one before and moves there', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('123');
    expect(box(4)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(box(3)).toHaveFocus();
    expect(code()).toBe('12');
    await user.keyboard('{Backspace}{Backspace}');
    expect(box(1)).toHaveFocus();
    expect(code()).toBe('');
    await user.keyboard('{Backspace}');
    expect(box(1)).toHaveFocus();
    await user.keyboard('45');
    expect(code()).toBe('45');
  });

  it('fills all six boxes when a whole code is pasted into any box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(4));
    await user.paste('98 76-54');
    expect(digits()).toEqual(['9', '8', '7', '6', '5', '4']);
    expect(box(6)).toHaveFocus();
  });

  it('pastes a part of a code from the box it lands in', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('9');
    await user.paste('12');
    expect(code()).toBe('912');
    expect(box(4)).toHaveFocus();
  });

  it('pastes over a complete code', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('111111');
    await user.click(box(3));
    await user.paste('123456');
    expect(code()).toBe('123456');
  });

  it('replaces the digit in a filled box with the one typed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('12');
    await user.click(box(1));
    await user.keyboard('7');
    expect(code()).toBe('72');
    expect(box(2)).toHaveFocus();
  });

  it('moves on when the digit typed is the one the box already shows', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('111111');
    await user.click(box(1));
    await user.keyboard('123456');
    expect(code()).toBe('123456');
    expect(box(6)).toHaveFocus();
  });

  it('gives exactly the digits typed for any retype over any code', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    // Pairs chosen so that every box position repeats its old digit in at least one of them.
    const retypes = [
      ['000000', '012345'],
      ['012345', '012345'],
      ['987654', '187694'],
      ['123123', '321123'],
    ];
    for (const [first, second] of retypes) {
      await user.click(box(1));
      await user.keyboard(first!);
      expect(code()).toBe(first);
      await user.click(box(1));
      await user.keyboard(second!);
      expect(code()).toBe(second);
    }
  });

  it('moves with the arrow keys, Home and End, and a box reached that way is typed over', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('123456');
    await user.keyboard('{Home}');
    expect(box(1)).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(box(3)).toHaveFocus();
    await user.keyboard('3');
    expect(code()).toBe('123456');
    expect(box(4)).toHaveFocus();
    await user.keyboard('{ArrowLeft}9');
    expect(code()).toBe('129456');
    await user.keyboard('{End}0');
    expect(code()).toBe('129450');
    await user.keyboard('{ArrowLeft}{Delete}');
    expect(digits()).toEqual(['1', '2', '9', '4', '', '0']);
    expect(box(5)).toHaveFocus();
  });

  it('a box selected by clicking is typed over, and focus moves on from there', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('555555');
    await user.click(box(4));
    await user.keyboard('56');
    expect(code()).toBe('555565');
    expect(box(6)).toHaveFocus();
  });

  it("takes a phone keyboard's digit from the input itself when the key is not identified", () => {
    render(<Harness />);
    box(1).focus();
    // Android keyboards send keydown 'Unidentified' and then an input event carrying the inserted text.
    fireEvent.keyDown(box(1), { key: 'Unidentified' });
    fireEvent.input(box(1), { target: { value: '4' }, data: '4', inputType: 'insertText' });
    expect(code()).toBe('4');
    expect(box(2)).toHaveFocus();
  });

  it('fills every box from the one-time-code autofill', () => {
    render(<Harness />);
    expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
    fireEvent.input(box(1), { target: { value: '246810' } });
    expect(code()).toBe('246810');
    expect(box(6)).toHaveFocus();
  });

  it('clears a box emptied without a key press', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('12');
    fireEvent.input(box(2), { target: { value: '' } });
    expect(digits()).toEqual(['1', '', '', '', '', '']);
  });
});
