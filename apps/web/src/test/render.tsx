import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { theme } from '../ui/theme';

/** Stands in for every other route, showing where the screen navigated to and with what state. */
function Destination() {
  const location = useLocation();
  return (
    <output data-testid="destination" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </output>
  );
}

interface Options {
  path: string;
  state?: unknown;
}

/** Renders one screen at `path` inside a memory router and the app theme. */
export function renderAt(element: ReactElement, { path, state }: Options) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Destination /> },
    ],
    { initialEntries: [{ pathname: path, state }] },
  );
  return {
    router,
    ...render(
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>,
    ),
  };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The JSON body of the n-th fetch call. */
export function sentBody(fetchMock: { mock: { calls: unknown[][] } }, index = 0): unknown {
  const init = fetchMock.mock.calls[index]?.[1] as RequestInit | undefined;
  return init?.body ? JSON.parse(init.body as string) : undefined;
}
