import { STORAGE_KEYS } from '@brade/contract';
import { describe, expect, it } from 'vitest';
import {
  afterQueue,
  completeStep,
  loadOnboardingState,
  queueBank,
  resolveQueue,
  saveOnboardingState,
  startCardQueue,
} from './onboarding-state';

describe('onboarding_state', () => {
  it('works through the chosen processors, then the bank, naming the step on screen', () => {
    let state = startCardQueue(['stripe', 'sumup']);
    expect(state).toEqual({
      posQueue: ['stripe', 'sumup'],
      selectedPOS: ['stripe', 'sumup'],
      selectedBank: null,
      currentStep: 'stripe_connect',
    });
    state = completeStep(state);
    expect(state).toMatchObject({ posQueue: ['sumup'], currentStep: 'sumup_connect' });
    state = completeStep(state);
    expect(state).toMatchObject({ posQueue: [], currentStep: null });
    expect(afterQueue(state)).toBe('/link-business-bank');

    state = queueBank(state, 'SANDBOXFINANCE_SFIN0000');
    expect(state).toEqual({
      posQueue: ['bank'],
      selectedPOS: ['stripe', 'sumup'],
      selectedBank: 'SANDBOXFINANCE_SFIN0000',
      currentStep: 'gocardless_connect',
    });
    state = completeStep(state);
    expect(afterQueue(state)).toBe('/account-created-success');
  });

  it('round-trips through local storage and refuses a damaged copy', () => {
    const state = startCardQueue(['square']);
    saveOnboardingState(state);
    expect(loadOnboardingState()).toEqual(state);

    for (const damaged of ['not json', '{"posQueue":"stripe","selectedPOS":[]}', '[]', 'null']) {
      localStorage.setItem(STORAGE_KEYS.onboardingState, damaged);
      expect(loadOnboardingState(), damaged).toBeNull();
    }
  });

  it('prefers navigation state, then the saved state, else nothing', () => {
    const saved = completeStep(startCardQueue(['stripe', 'square']));
    expect(resolveQueue({ selectedPOS: ['sumup'] }, saved)).toMatchObject({ posQueue: ['sumup'] });
    expect(resolveQueue({ selectedBank: 'BANK_1' }, saved)).toMatchObject({
      posQueue: ['bank'],
      selectedPOS: ['stripe', 'square'],
      selectedBank: 'BANK_1',
    });
    expect(resolveQueue(null, saved)).toBe(saved);
    expect(resolveQueue({ connectError: true }, saved)).toBe(saved);
    expect(resolveQueue({ selectedPOS: [] }, null)).toBeNull();
    expect(resolveQueue(null, null)).toBeNull();
  });
});
