import { ACCOUNT_ENDPOINTS, SETTINGS_ENDPOINTS, STORAGE_KEYS } from '@brade/contract';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../../test/api-mock';
import { USER_DETAILS } from '../../test/fixtures';
import { jsonResponse, renderAt, sentBody } from '../../test/render';
import BusinessInformationPage, { BusinessInformationForm } from './BusinessInformationPage';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem(STORAGE_KEYS.id, 'stored-id');
  localStorage.setItem(STORAGE_KEYS.fullName, 'Amelia Hart');
  localStorage.setItem(STORAGE_KEYS.email, 'amelia@example.com');
  localStorage.setItem(STORAGE_KEYS.accessToken, 'acc');
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const renderForm = (state?: unknown) => renderAt(<BusinessInformationForm />, { path: '/business-information', state });

async function fillForm(user: ReturnType<typeof userEvent.setup>, postcode = 'sw1a1aa') {
  await user.type(screen.getByLabelText('Salon Name'), 'Hart & Co Hair');
  await user.type(screen.getByLabelText('Business Address'), '12 High Street, London');
  await user.type(screen.getByLabelText('Postcode'), postcode);
  await user.selectOptions(screen.getByLabelText('State'), 'England');
  await user.selectOptions(screen.getByLabelText('Legal form'), 'sole_trader');
}

describe('BusinessInformationPage', () => {
  it('shows a loader for 2 seconds first', () => {
    vi.useFakeTimers();
    renderAt(<BusinessInformationPage />, { path: '/business-information' });
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.getByLabelText('Salon Name')).toBeInTheDocument();
  });

  it('offers the four nations and the United Kingdom only', () => {
    renderForm();
    const nations = [...(screen.getByLabelText('State') as HTMLSelectElement).options].filter((o) => !o.disabled);
    expect(nations.map((o) => o.value)).toEqual(['England', 'Scotland', 'Wales', 'Northern Ireland']);
    const countries = [...(screen.getByLabelText('Country') as HTMLSelectElement).options];
    expect(countries.map((o) => o.value)).toEqual(['United Kingdom']);
  });

  it('requires every field, with a message on each', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText('Salon Name')).toHaveAccessibleDescription('Salon Name is required');
    expect(screen.getByLabelText('Business Address')).toHaveAccessibleDescription('Business Address is required');
    expect(screen.getByLabelText('Postcode')).toHaveAccessibleDescription('Postcode is required');
    expect(screen.getByLabelText('State')).toHaveAccessibleDescription('State is required');
    // Beyond the spec: the legal form decides the business's HMRC pages.
    expect(screen.getByLabelText('Legal form')).toHaveAccessibleDescription(
      'Please choose how the business is set up.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks each field again as it changes once Continue was pressed: a fixed field loses its message at once', async () => {
    const user = userEvent.setup();
    renderForm();
    // Nothing nags before the first Continue.
    await user.type(screen.getByLabelText('Salon Name'), 'H');
    await user.clear(screen.getByLabelText('Salon Name'));
    expect(screen.getByLabelText('Salon Name')).not.toHaveAccessibleDescription();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText('Salon Name')).toHaveAccessibleDescription('Salon Name is required');
    await user.type(screen.getByLabelText('Salon Name'), 'Hart & Co Hair');
    // Filled: its message goes without another Continue; the others stay until they are fixed.
    expect(screen.getByLabelText('Salon Name')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Salon Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Postcode')).toHaveAccessibleDescription('Postcode is required');
    await user.type(screen.getByLabelText('Postcode'), '9021');
    expect(screen.getByLabelText('Postcode')).toHaveAccessibleDescription('Please enter a valid UK postcode');
    await user.clear(screen.getByLabelText('Postcode'));
    await user.type(screen.getByLabelText('Postcode'), 'SW1A 1AA');
    expect(screen.getByLabelText('Postcode')).not.toHaveAccessibleDescription();
    // Emptied again, the message comes back.
    await user.clear(screen.getByLabelText('Salon Name'));
    expect(screen.getByLabelText('Salon Name')).toHaveAccessibleDescription('Salon Name is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks the VAT registration date in the form's own field style, and says where to find it", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('radio', { name: 'Standard scheme' }));
    const date = screen.getByLabelText('Registration took effect on');
    expect(date).toHaveAccessibleDescription(
      "The 'Effective date of registration' on your VAT registration certificate (in your HMRC online account).",
    );
    // A native field drawn like Salon Name, not MUI's outlined one.
    expect(date.closest('.MuiInputBase-root')).toBeNull();
    expect(date.tagName).toBe('INPUT');
    expect(date.className).toBe(screen.getByLabelText('Salon Name').className);
    const quarters = screen.getByLabelText('VAT quarters end in');
    expect(quarters.tagName).toBe('SELECT');
    expect(quarters.className).toBe(screen.getByLabelText('State').className);
  });

  it('rejects a postcode that is not a UK one', async () => {
    const user = userEvent.setup();
    renderForm();
    await fillForm(user, '90210');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText('Postcode')).toHaveAccessibleDescription('Please enter a valid UK postcode');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('records the details with the Bearer token and moves to /link-your-pos', async () => {
    fetchMock.mockResolvedValueOnce(answer(ACCOUNT_ENDPOINTS.recordBusinessInformation, { message: 'Saved.' }));
    const user = userEvent.setup();
    renderForm({ id: 'state-id' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByTestId('destination')).toHaveTextContent('/link-your-pos');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/record_business_information');
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer acc');
    expect(sentBody(fetchMock)).toEqual({
      id: 'state-id',
      full_name: 'Amelia Hart',
      email: 'amelia@example.com',
      salon_name: 'Hart & Co Hair',
      business_address: '12 High Street, London',
      postcode: 'SW1A 1AA',
      state: 'England',
      country: 'United Kingdom',
      legal_form: 'sole_trader',
    });
  });

  it('falls back to the stored id and reports a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { error: 'Bad', code: 'validation_failed' }));
    const user = userEvent.setup();
    renderForm();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
    expect(sentBody(fetchMock)).toMatchObject({ id: 'stored-id' });
  });

  it('asks the account for the full name when this browser has not kept it', async () => {
    localStorage.removeItem(STORAGE_KEYS.fullName);
    fetchMock
      .mockResolvedValueOnce(answer(ACCOUNT_ENDPOINTS.getUserDetails, { ...USER_DETAILS, salon_name: null }))
      .mockResolvedValueOnce(answer(ACCOUNT_ENDPOINTS.recordBusinessInformation, { message: 'Saved.' }));
    const user = userEvent.setup();
    renderForm({ id: 'state-id' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByTestId('destination')).toHaveTextContent('/link-your-pos');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/database/get-user-details/state-id');
    expect(sentBody(fetchMock, 1)).toMatchObject({ full_name: 'Amelia Hart' });
  });

  it('asks the VAT question after the spec fields (beyond the spec): Not registered by default, saved when registered', async () => {
    fetchMock
      .mockResolvedValueOnce(answer(ACCOUNT_ENDPOINTS.recordBusinessInformation, { message: 'Saved.' }))
      .mockResolvedValueOnce(
        answer(SETTINGS_ENDPOINTS.updateVatSettings, { message: 'VAT settings saved successfully!' }),
      );
    const user = userEvent.setup();
    renderForm({ id: 'state-id' });
    expect(screen.getByRole('radio', { name: 'Not registered' })).toBeChecked();
    await fillForm(user);
    await user.click(screen.getByRole('radio', { name: 'Standard scheme' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A VAT-registered business needs the date its registration took effect.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Registration took effect on'), '2024-04-01');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('destination')).toHaveTextContent('/link-your-pos');
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/database/update-vat-settings/state-id');
    expect(sentBody(fetchMock, 1)).toEqual({
      scheme: 'standard',
      registered_from: '2024-04-01',
      stagger: 'mar_jun_sep_dec',
    });
  });
});
