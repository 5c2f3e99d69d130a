import { ThemeProvider } from '@mui/material/styles';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusAlerts } from './StatusAlerts';
import { theme } from './theme';
import { SUCCESS_NOTICE_MS, useNotices } from './use-notices';

let raise: ReturnType<typeof useNotices>['notify'];

function Harness() {
  const { notices, notify, dismiss } = useNotices();
  raise = notify;
  return <StatusAlerts notices={notices} onDismiss={dismiss} />;
}

const renderAlerts = () =>
  render(
    <ThemeProvider theme={theme}>
      <Harness />
    </ThemeProvider>,
  );

afterEach(() => vi.useRealTimers());

describe('StatusAlerts', () => {
  it('lets a success fade after a while but keeps a failure until it is closed', () => {
    vi.useFakeTimers();
    renderAlerts();
    act(() => {
      raise('success', 'Financial goals saved successfully!');
      raise('error', 'Failed to save notification settings. Please try again.', 'The server said why.');
    });
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Financial goals saved successfully!',
      'Failed to save notification settings. Please try again.The server said why.',
    ]);

    act(() => vi.advanceTimersByTime(SUCCESS_NOTICE_MS));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Failed to save notification settings. Please try again.The server said why.',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
