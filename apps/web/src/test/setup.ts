import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// findBy… and waitFor wait for a condition, not for a time: on a machine shared by several test runs a lazily loaded
// screen can take longer than the library's 1 second to appear, so they wait up to 5 seconds before failing.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
