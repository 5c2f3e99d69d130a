import { INTEGRATION_ENDPOINTS } from '@brade/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../test/api-mock';
import { jsonResponse, renderAt } from '../../test/render';
import LinkBusinessBankPage from './LinkBusinessBankPage';

const LIST = {
  banks: [
    { id: 'SANDBOXFINANCE_SFIN0000', name: 'Sandbox Finance' },
    { id: 'MONZO_MONZGB2L', name: 'Monzo Business' },
  ],
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/link-business-bank', () => {
  it('keeps Continue disabled while loading and until a bank is chosen, then queues that bank', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi([on(INTEGRATION_ENDPOINTS.chooseABank, () => new Promise<Response>((resolve) => (answer = resolve)))]);
    const user = userEvent.setup();
    renderAt(<LinkBusinessBankPage />, { path: '/link-business-bank' });

    const proceed = screen.getByRole('button', { name: 'Continue' });
    const select = screen.getByLabelText('Bank');
    expect(proceed).toBeDisabled();
    expect(select).toBeDisabled();
    expect(screen.queryByText('Please select a bank before proceeding.')).toBeNull();

    answer(jsonResponse(200, LIST));
    await waitFor(() => expect(select).toBeEnabled());
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose your bank',
      'Sandbox Finance',
      'Monzo Business',
    ]);
    expect(proceed).toBeDisabled();
    expect(screen.getByText('Please select a bank before proceeding.')).toBeInTheDocument();

    await user.selectOptions(select, 'Sandbox Finance');
    expect(screen.queryByText('Please select a bank before proceeding.')).toBeNull();
    await user.click(proceed);
    const destination = await screen.findByTestId('destination');
    expect(destination).toHaveTextContent('/queued-pos-links');
    expect(JSON.parse(destination.dataset.state!)).toEqual({ selectedBank: 'SANDBOXFINANCE_SFIN0000' });
  });

  it("says 'Failed to fetch bank list. Please try again.' and loads it again on request", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    mockApi([
      on(INTEGRATION_ENDPOINTS.chooseABank, () =>
        fail ? jsonResponse(502, { error: 'Down', code: 'x' }) : jsonResponse(200, LIST),
      ),
    ]);
    const user = userEvent.setup();
    renderAt(<LinkBusinessBankPage />, { path: '/link-business-bank' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch bank list. Please try again.');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByRole('option', { name: 'Monzo Business' })).toBeInTheDocument();
  });
});
