import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { TEST_LIMITS } from '../../../../test-limits';

// findBy…, findAllBy… and waitFor wait for their condition this long (1 s by default, too short beside other work).
configure({ asyncUtilTimeout: TEST_LIMITS.web.wait });

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
