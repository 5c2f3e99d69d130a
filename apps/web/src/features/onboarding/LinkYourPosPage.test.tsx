import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/render';
import LinkYourPosPage from './LinkYourPosPage';

// The first render of a file loads MUI and the form: on a loaded machine it can take seconds.
vi.setConfig({ testTimeout: 20_000 });

describe('LinkYourPosPage', () => {
  it('keeps Continue disabled until a processor is chosen, then queues the choice', async () => {
    const user = userEvent.setup();
    renderAt(<LinkYourPosPage />, { path: '/link-your-pos' });
    const proceed = screen.getByRole('button', { name: 'Continue' });
    expect(proceed).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: /SumUp/ }));
    await user.click(screen.getByRole('checkbox', { name: /Stripe/ }));
    expect(proceed).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: /Stripe/ }));
    await user.click(screen.getByRole('checkbox', { name: /Stripe/ }));
    await user.click(proceed);

    const destination = await screen.findByTestId('destination');
    expect(destination).toHaveTextContent('/queued-pos-links');
    expect(JSON.parse(destination.dataset.state!)).toEqual({ selectedPOS: ['stripe', 'sumup'] });
  });

  it('disables Continue again when everything is unticked', async () => {
    const user = userEvent.setup();
    renderAt(<LinkYourPosPage />, { path: '/link-your-pos' });
    await user.click(screen.getByRole('checkbox', { name: /Square/ }));
    await user.click(screen.getByRole('checkbox', { name: /Square/ }));
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('lets an owner who takes no card payments go on to the bank, Continue staying disabled (beyond the spec)', async () => {
    const user = userEvent.setup();
    renderAt(<LinkYourPosPage />, { path: '/link-your-pos' });
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.click(screen.getByRole('link', { name: "I don't take card payments here" }));
    expect(await screen.findByTestId('destination')).toHaveTextContent('/link-business-bank');
  });
});
