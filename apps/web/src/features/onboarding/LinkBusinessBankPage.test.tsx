import { INTEGRATION_ENDPOINTS, STORAGE_KEYS } from '@brade/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../test/api-mock';
import { jsonResponse, renderAt } from '../../test/render';
import LinkBusinessBankPage from './LinkBusinessBankPage';
import { saveOnboardingState, startCardQueue } from './onboarding-state';

const LIST = {
  banks: [
    { id: 'SANDBOXFINANCE_SFIN0000', name: 'Sandbox Finance' },
    { id: 'MONZO_MONZGB2L', name: 'Monzo Business' },
  ],
};

/** A list as long as a real one: the sandbox bank, then many UK banks. */
const LONG_LIST = {
  banks: [
    { id: 'MOCK', name: 'Mock ASPSP' },
    { id: 'NWBK', name: 'NatWest Business' },
    { id: 'RBS', name: 'Royal Bank of Scotland Business' },
    { id: 'TIDE', name: 'Tide' },
    { id: 'STARLING', name: 'Starling Bank Business' },
    ...Array.from({ length: 60 }, (_, i) => ({ id: `B${i}`, name: `Building Society ${i + 1}` })),
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

  it('searches the bank list as the owner types, and says when nothing matches (beyond the spec)', async () => {
    mockApi([on(INTEGRATION_ENDPOINTS.chooseABank, LONG_LIST)]);
    const user = userEvent.setup();
    renderAt(<LinkBusinessBankPage />, { path: '/link-business-bank' });
    const search = await screen.findByLabelText('Search banks');
    await waitFor(() => expect(search).toBeEnabled());
    const options = () => screen.getAllByRole('option').map((option) => option.textContent);
    expect(options()).toHaveLength(66);

    await user.type(search, 'nat west');
    expect(options()).toEqual(['Choose your bank', 'NatWest Business']);
    expect(screen.getByRole('status')).toHaveTextContent('1 bank matches.');
    await user.selectOptions(screen.getByLabelText('Bank'), 'NatWest Business');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();

    // The choice stays while the search changes; a name nobody has says so.
    await user.clear(search);
    await user.type(search, 'Metro Bank');
    expect(screen.getByRole('status')).toHaveTextContent('No bank matches “Metro Bank”.');
    expect(options()).toEqual(['Choose your bank', 'NatWest Business']);
    expect(screen.getByLabelText('Bank')).toHaveValue('NWBK');
  });

  it("goes on to the dashboard when the owner's bank isn't listed, ending onboarding (beyond the spec)", async () => {
    mockApi([on(INTEGRATION_ENDPOINTS.chooseABank, LIST)]);
    saveOnboardingState(startCardQueue(['stripe']));
    const user = userEvent.setup();
    renderAt(<LinkBusinessBankPage />, { path: '/link-business-bank' });
    await user.click(screen.getByRole('button', { name: "My bank isn't listed: link it later" }));
    expect(await screen.findByTestId('destination')).toHaveTextContent('/main-menu');
    expect(localStorage.getItem(STORAGE_KEYS.onboardingState)).toBeNull();
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
