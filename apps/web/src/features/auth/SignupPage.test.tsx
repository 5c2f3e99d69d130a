import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderAt, sentBody } from '../../test/render';
import { codeRequests } from './code-requests';
import { SignupForm } from './SignupForm';
import SignupPage from './SignupPage';

// The first render of a file loads MUI and the form: on a loaded machine it can take seconds.
vi.setConfig({ testTimeout: 20_000 });

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const chip = (label: string) => screen.getByText(label).closest('[data-state]');
const RULES = ['7-16 characters', 'One uppercase letter', 'One lowercase letter', 'One number'];

describe('SignupPage', () => {
  it('shows the logo splash for 2 seconds, then the form', () => {
    vi.useFakeTimers();
    renderAt(<SignupPage />, { path: '/signup' });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByLabelText('Full Name')).toBeNull();

    act(() => vi.advanceTimersByTime(1_999));
    expect(screen.queryByLabelText('Full Name')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByLabelText('Full Name')).toBeInTheDocument();
  });
});

describe('SignupForm', () => {
  const renderForm = () => renderAt(<SignupForm />, { path: '/signup' });

  it('shows the validation messages one at a time in the spec order', async () => {
    const user = userEvent.setup();
    renderForm();
    const submit = () => user.click(screen.getByRole('button', { name: 'Continue' }));
    const alert = () => screen.getByRole('alert');

    await submit();
    expect(alert()).toHaveTextContent('Full Name is required');

    await user.type(screen.getByLabelText('Full Name'), 'Amelia Hart');
    await submit();
    expect(alert()).toHaveTextContent('Email is required');

    await user.type(screen.getByLabelText('Email'), 'amelia@example');
    await submit();
    expect(alert()).toHaveTextContent('Please enter a valid email address');

    await user.type(screen.getByLabelText('Email'), '.com');
    await user.type(screen.getByLabelText('Password'), 'salon2026');
    await submit();
    expect(alert()).toHaveTextContent('Password does not meet all requirements');

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Salon2026x');
    await user.type(screen.getByLabelText('Confirm Password'), 'Salon2026y');
    await submit();
    expect(alert()).toHaveTextContent("Passwords don't match");

    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the rule chips neutral until typing starts, then green or red per rule', async () => {
    const user = userEvent.setup();
    renderForm();
    for (const rule of RULES) expect(chip(rule)).toHaveAttribute('data-state', 'neutral');

    await user.type(screen.getByLabelText('Password'), 'abc');
    expect(chip('7-16 characters')).toHaveAttribute('data-state', 'unmet');
    expect(chip('One uppercase letter')).toHaveAttribute('data-state', 'unmet');
    expect(chip('One lowercase letter')).toHaveAttribute('data-state', 'met');
    expect(chip('One number')).toHaveAttribute('data-state', 'unmet');
    expect(chip('One number')).toHaveClass('MuiChip-colorError');
    expect(chip('One lowercase letter')).toHaveClass('MuiChip-colorSuccess');

    await user.type(screen.getByLabelText('Password'), 'DEF12');
    for (const rule of RULES) expect(chip(rule)).toHaveAttribute('data-state', 'met');

    await user.type(screen.getByLabelText('Password'), '3456789012');
    expect(chip('7-16 characters')).toHaveAttribute('data-state', 'unmet');
  });

  it('has show/hide toggles with accessible names on both password fields', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('type', 'text');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Full Name'), 'Amelia Hart');
    await user.type(screen.getByLabelText('Email'), 'amelia@example.com');
    await user.type(screen.getByLabelText('Password'), 'Salon2026x');
    await user.type(screen.getByLabelText('Confirm Password'), 'Salon2026x');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
  }

  it('signs up and moves to /otp-confirmation with the email and id', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { id: 'u-9' }));
    const user = userEvent.setup();
    renderForm();
    await fillValidForm(user);

    const destination = await screen.findByTestId('destination');
    expect(destination).toHaveTextContent('/otp-confirmation');
    expect(JSON.parse(destination.dataset.state!)).toMatchObject({ email: 'amelia@example.com', id: 'u-9' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/signup_user');
    expect(sentBody(fetchMock)).toEqual({
      email: 'amelia@example.com',
      password: 'Salon2026x',
      options: { data: { full_name: 'Amelia Hart' } },
    });
    // The code screen counts its resend minute from this request.
    expect(codeRequests('amelia@example.com')).toHaveLength(1);
  });

  it.each([
    [
      'the server error text',
      jsonResponse(409, { error: 'An account with this email already exists', code: 'x' }),
      'An account with this email already exists',
    ],
    ['the fallback without text', jsonResponse(500, {}), 'An error occurred during sign up. Please try again.'],
  ])('shows %s when sign-up fails', async (_case, response, message) => {
    fetchMock.mockResolvedValueOnce(response);
    const user = userEvent.setup();
    renderForm();
    await fillValidForm(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it("keeps the spec's sentence for a refused common password and says why under it, from the server's reason", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, {
        error: 'Password does not meet all requirements',
        code: 'validation_failed',
        fields: { password: 'Password does not meet all requirements' },
        reason: 'This password is on a list of commonly used passwords: choose another.',
      }),
    );
    const user = userEvent.setup();
    renderForm();
    await fillValidForm(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Password does not meet all requirements/);
    expect(screen.getByTestId('error-reason')).toHaveTextContent(
      'This password is on a list of commonly used passwords: choose another.',
    );
    // Every rule chip is green: without the reason nothing on the screen would say what to change.
    for (const rule of RULES) expect(chip(rule)).toHaveAttribute('data-state', 'met');
    // Fixing the form and trying again clears the reason with the sentence.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByTestId('error-reason')).toBeNull();
  });

  it('shows the fallback on a network failure', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderForm();
    await fillValidForm(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred during sign up. Please try again.');
  });
});
