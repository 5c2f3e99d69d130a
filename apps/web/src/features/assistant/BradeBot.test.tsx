import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AfterFirstAnswers } from '../../shell/after-first-answers';
import { theme } from '../../ui/theme';
import { BradeBot } from './BradeBot';

function renderBot(afterFirstAnswers: boolean) {
  return render(
    <ThemeProvider theme={theme}>
      <AfterFirstAnswers.Provider value={afterFirstAnswers}>
        <BradeBot />
      </AfterFirstAnswers.Provider>
    </ThemeProvider>,
  );
}

describe('BradeBot on a signed-in page', () => {
  it("draws the collapsed panel's placeholder, and no panel, until the page has drawn its first answers", async () => {
    const { rerender } = renderBot(false);
    const placeholder = screen.getByRole('region', { name: 'BradeBot' });
    expect(placeholder).toHaveStyle({ height: '130px' });
    // Still the placeholder a while later: the panel's code was not asked for.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('textbox', { name: 'Ask BradeBot' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Ask BradeBot a question:/ })).toBeNull();

    rerender(
      <ThemeProvider theme={theme}>
        <AfterFirstAnswers.Provider value={true}>
          <BradeBot />
        </AfterFirstAnswers.Provider>
      </ThemeProvider>,
    );
    expect(await screen.findByRole('button', { name: /^Ask BradeBot a question:/ })).toBeInTheDocument();
  });
});
