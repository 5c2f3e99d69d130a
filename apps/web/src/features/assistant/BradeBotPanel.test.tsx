import { ASSISTANT_ENDPOINTS } from '@brade/contract';
import { ThemeProvider } from '@mui/material/styles';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../test/api-mock';
import { jsonResponse } from '../../test/render';
import { theme } from '../../ui/theme';
import BradeBotPanel, { BRADEBOT_ERROR, SUGGESTED_QUESTIONS } from './BradeBotPanel';

const ANALYZE = ASSISTANT_ENDPOINTS.analyzeMonthlyTransactions;
const REPORT = ASSISTANT_ENDPOINTS.reportFinancialPerformance;

afterEach(() => vi.unstubAllGlobals());

function renderPanel(props: Parameters<typeof BradeBotPanel>[0] = {}) {
  const user = userEvent.setup();
  render(
    <ThemeProvider theme={theme}>
      <p>Outside the panel</p>
      <BradeBotPanel {...props} />
    </ThemeProvider>,
  );
  return user;
}

const replyButton = () => screen.getByRole('button', { name: /^Ask BradeBot a question:/ });
const input = () => screen.getByRole('textbox', { name: 'Ask BradeBot' });
const bodyOf = (fetchMock: ReturnType<typeof mockApi>, i = 0) =>
  JSON.parse(String((fetchMock.mock.calls[i]![1] as RequestInit).body));

/** A reply the test releases when it wants, to look at the waiting state. */
function deferred() {
  let release: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('the BradeBot panel (docs/assistant.md, "The panel")', () => {
  it('is 130px high when idle and shows a greeting saying it can answer questions about the salon’s finances', () => {
    mockApi([]);
    renderPanel();
    expect(screen.getByRole('region', { name: 'BradeBot' })).toHaveStyle({ height: '130px' });
    expect(replyButton()).toHaveTextContent("I can answer questions about your salon's finances");
    expect(screen.getByTestId('assistant-icon')).toBeInTheDocument();
  });

  it('types on a click of the reply (display cleared), shows send once there is text, and sends on Enter', async () => {
    const fetchMock = mockApi([on(ANALYZE, { response: 'Your revenue in October 2026 was £14,385.00.' })]);
    const user = renderPanel();
    await user.click(replyButton());
    expect(input()).toHaveFocus();
    expect(screen.queryByText(/salon's finances/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(screen.getByTestId('assistant-icon')).toBeInTheDocument();
    await user.type(input(), 'What were my takings last month?');
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
    expect(screen.queryByTestId('assistant-icon')).toBeNull();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(replyButton()).toHaveTextContent('Your revenue in October 2026 was £14,385.00.'));
    expect(replyButton()).toHaveFocus();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(bodyOf(fetchMock)).toEqual({
      message: 'What were my takings last month?',
      expenses: [],
      revenues: [],
      financialGoals: {},
    });
    // Back to idle with the input cleared: typing again starts from an empty box.
    await user.click(replyButton());
    expect(input()).toHaveValue('');
  });

  it('inserts a new line on Shift+Enter and sends nothing blank once trimmed', async () => {
    const fetchMock = mockApi([on(ANALYZE, { response: 'ok' })]);
    const user = renderPanel();
    await user.click(replyButton());
    await user.type(input(), 'costs{Shift>}{Enter}{/Shift}this month');
    expect(input()).toHaveValue('costs\nthis month');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.clear(input());
    await user.type(input(), '   {Enter}');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('shows a spinner while waiting and sends nothing more while a reply is pending', async () => {
    const pending = deferred();
    const fetchMock = mockApi([on(ANALYZE, () => pending.promise)]);
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Expand BradeBot' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: SUGGESTED_QUESTIONS[0] }));
    expect(within(dialog).getByRole('progressbar', { name: 'BradeBot is answering' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: SUGGESTED_QUESTIONS[1] })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => pending.release(jsonResponse(200, { response: 'Your revenue was £1.00.' })));
    expect(await within(dialog).findAllByText('Your revenue was £1.00.')).not.toHaveLength(0);
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
  });

  it('shows the spec’s error text when the call fails or is rate limited', async () => {
    for (const failure of [
      jsonResponse(500, { error: 'Internal error', code: 'internal_error' }),
      jsonResponse(429, { error: 'Too many attempts.', code: 'rate_limited' }),
    ]) {
      mockApi([on(ANALYZE, failure)]);
      const user = renderPanel();
      await user.click(replyButton());
      await user.type(input(), 'revenue{Enter}');
      await waitFor(() => expect(replyButton()).toHaveTextContent(BRADEBOT_ERROR));
      document.body.innerHTML = '';
    }
  });

  it('shows the question limit as a limit, with the time the owner can ask again', async () => {
    const limit = 'You have asked 15 questions in 5 minutes; you can ask again at 14:32.';
    mockApi([on(ANALYZE, jsonResponse(429, { error: limit, code: 'assistant_limited' }))]);
    const user = renderPanel();
    await user.click(replyButton());
    await user.type(input(), 'revenue{Enter}');
    await waitFor(() => expect(replyButton()).toHaveTextContent(limit));
  });

  it('restores the previous reply on cancel and on a click outside the panel', async () => {
    mockApi([on(ANALYZE, { response: 'First reply.' })]);
    const user = renderPanel();
    await user.click(replyButton());
    await user.type(input(), 'hello{Enter}');
    await waitFor(() => expect(replyButton()).toHaveTextContent('First reply.'));
    await user.click(replyButton());
    expect(screen.queryByText('First reply.', { selector: 'p' })).toBeNull();
    await user.type(input(), 'draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(replyButton()).toHaveTextContent('First reply.');
    await user.click(replyButton());
    await user.click(screen.getByText('Outside the panel'));
    expect(replyButton()).toHaveTextContent('First reply.');
  });

  it('expands to an overlay with the conversation and suggestions, and shrinks back (Escape too)', async () => {
    mockApi([on(ANALYZE, { response: 'Your biggest cost was Wages, at £5,082.77.' })]);
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Expand BradeBot' }));
    let dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('group', { name: 'Suggested questions' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: SUGGESTED_QUESTIONS[3] }));
    const conversation = await within(dialog).findByRole('list', { name: 'Conversation so far' });
    await waitFor(() => expect(conversation).toHaveTextContent(SUGGESTED_QUESTIONS[3]));
    expect(conversation).toHaveTextContent('Your biggest cost was Wages, at £5,082.77.');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Expand BradeBot' }));
    dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('list', { name: 'Conversation so far' })).toHaveTextContent('Wages');
    await user.click(within(dialog).getByRole('button', { name: 'Shrink BradeBot' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows figures and short lists readably, without markdown, and announces the reply', async () => {
    mockApi([on(ANALYZE, { response: '**Revenue** was £80.00.\n- Rent: £500.00\n- Wages: £1.00' })]);
    const user = renderPanel();
    await user.click(replyButton());
    await user.type(input(), 'summary{Enter}');
    const reply = await screen.findByRole('button', { name: /^Ask BradeBot a question:/ });
    await waitFor(() => expect(reply).toHaveTextContent('Revenue was £80.00.'));
    expect(reply.textContent).not.toMatch(/\*|^-/);
    expect(
      within(reply)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Rent: £500.00', 'Wages: £1.00']);
    expect(screen.getByRole('status')).toHaveTextContent('Revenue');
  });

  it('asks the report call about the report and month on the page, in report mode', async () => {
    const fetchMock = mockApi([on(REPORT, { response: 'Expenses in May 2026: £501.20.' })]);
    const user = renderPanel({ report: { type: 'expense', month: 5, year: 2026 } });
    await user.click(replyButton());
    await user.type(input(), 'What do you make of this?{Enter}');
    await waitFor(() => expect(replyButton()).toHaveTextContent('Expenses in May 2026: £501.20.'));
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/openai/report-financial-performance');
    expect(bodyOf(fetchMock).report).toEqual({ type: 'expense', month: 5, year: 2026 });
  });

  it('can be used from the keyboard alone: Tab to the reply, Enter to type, Enter to send, Escape to cancel', async () => {
    mockApi([on(ANALYZE, { response: 'Your expenses in October 2026 were £9,766.99.' })]);
    const user = renderPanel();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Expand BradeBot' })).toHaveFocus();
    await user.tab();
    expect(replyButton()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(input()).toHaveFocus();
    await user.keyboard('costs last month{Enter}');
    await waitFor(() => expect(replyButton()).toHaveFocus());
    expect(replyButton()).toHaveTextContent('£9,766.99');
    await user.keyboard(' ');
    await user.keyboard('draft{Escape}');
    expect(replyButton()).toHaveTextContent('£9,766.99');
  });
});
