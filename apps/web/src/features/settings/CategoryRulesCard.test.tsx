import { BOOKS_ENDPOINTS as B, STORAGE_KEYS } from '@brade/contract';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../test/api-mock';
import { theme } from '../../ui/theme';
import { CategoryRulesCard } from './CategoryRulesCard';

const user = userEvent.setup({ delay: null });
const rule = {
  id: '6a1f0c2e-0000-4000-8000-000000000001',
  counterparty: 'BRIGHTSIDE FLORIST',
  direction: 'debit' as const,
  category: 'Premises costs',
  transactions: 4,
  created_at: '2026-04-15T12:00:00.000Z',
};

function renderCard(notify = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <CategoryRulesCard id="u-1" notify={notify} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return notify;
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.id, 'u-1');
  localStorage.setItem(STORAGE_KEYS.accessToken, 'acc');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Category rules', () => {
  it('lists the rules and removes one, asking whether to restore its transactions', async () => {
    const fetchMock = mockApi([
      on(B.getCategoryRules, { rules: [rule] }),
      on(B.removeCategoryRule, { message: 'Rule removed.', restored: 4 }),
    ]);
    const notify = renderCard();
    expect(await screen.findByText('Payments to BRIGHTSIDE FLORIST → Premises costs')).toBeInTheDocument();
    expect(screen.getByText('4 transactions follow this rule')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('dialog', { name: 'Remove this rule?' })).toHaveTextContent('Restore the 4 transactions');
    await user.click(screen.getByRole('button', { name: 'Restore them' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Rule removed. 4 transactions restored.'));
    const removal = fetchMock.mock.calls.find(([url]) => String(url).includes('remove-category-rule'));
    expect(JSON.parse(String(removal?.[1]?.body))).toEqual({ rule_id: rule.id, restore: true });
  });

  it('says when there are no rules', async () => {
    mockApi([on(B.getCategoryRules, { rules: [] })]);
    renderCard();
    expect(await screen.findByText(/No rules yet/)).toBeInTheDocument();
  });
});
