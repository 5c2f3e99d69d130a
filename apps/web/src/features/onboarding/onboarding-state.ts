import {
  BANK_PROCESSOR,
  CARD_PROCESSORS,
  type CardProcessor,
  processorOf,
  STORAGE_KEYS,
  sourceOf,
} from '@brade/contract';

/** One step of /queued-pos-links: a card processor, or 'bank' for the business bank account. */
export type KnownStep = CardProcessor | 'bank';

/**
 * The `onboarding_state` of docs/product.md ("What the app keeps"): the steps still to do (`posQueue`, the first is on
 * screen), the processors chosen on /link-your-pos, the bank chosen on /link-business-bank (null until then) and the
 * step on screen as '<provider>_connect' ('gocardless_connect' for the bank; null once the queue is empty). Queue
 * entries stay plain strings: a saved or passed-in entry that is not a known processor is shown as 'Unknown POS
 * selected'.
 */
export interface OnboardingState {
  posQueue: string[];
  selectedPOS: string[];
  selectedBank: string | null;
  currentStep: string | null;
}

export const isKnownStep = (step: string | undefined): step is KnownStep =>
  step === 'bank' || (CARD_PROCESSORS as readonly string[]).includes(step ?? '');

const stepName = (step: string | undefined) =>
  step === undefined ? null : `${step === 'bank' ? processorOf(step) : step}_connect`;

function withQueue(state: Omit<OnboardingState, 'currentStep'>): OnboardingState {
  return { ...state, currentStep: stepName(state.posQueue[0]) };
}

const isTextList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

export function loadOnboardingState(): OnboardingState | null {
  let saved: unknown;
  try {
    saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.onboardingState) ?? 'null');
  } catch {
    return null;
  }
  if (!saved || typeof saved !== 'object') return null;
  const { posQueue, selectedPOS, selectedBank } = saved as Record<string, unknown>;
  if (!isTextList(posQueue) || !isTextList(selectedPOS)) return null;
  return withQueue({
    posQueue,
    selectedPOS,
    selectedBank: typeof selectedBank === 'string' && selectedBank !== '' ? selectedBank : null,
  });
}

export function saveOnboardingState(state: OnboardingState): void {
  localStorage.setItem(STORAGE_KEYS.onboardingState, JSON.stringify(state));
}

export function clearOnboardingState(): void {
  localStorage.removeItem(STORAGE_KEYS.onboardingState);
}

/** The queue /link-your-pos hands over: its choice, in the order given. */
export function startCardQueue(selectedPOS: string[]): OnboardingState {
  return withQueue({ posQueue: [...selectedPOS], selectedPOS: [...selectedPOS], selectedBank: null });
}

/** The bank chosen on /link-business-bank becomes the one remaining step. */
export function queueBank(previous: OnboardingState | null, selectedBank: string): OnboardingState {
  return withQueue({ posQueue: ['bank'], selectedPOS: previous?.selectedPOS ?? [], selectedBank });
}

/** Connected or skipped: the step on screen leaves the queue. */
export function completeStep(state: OnboardingState): OnboardingState {
  return withQueue({ ...state, posQueue: state.posQueue.slice(1) });
}

/** Which queue step a processor's connection completes. */
export const stepOf = (processor: string): string => (processor === BANK_PROCESSOR ? sourceOf(processor) : processor);

/** Where an empty queue leads: the bank screen, or the success screen once the bank was queued. */
export function afterQueue(state: OnboardingState): '/link-business-bank' | '/account-created-success' {
  return state.selectedBank ? '/account-created-success' : '/link-business-bank';
}

/** What /queued-pos-links may receive in navigation state. */
export interface QueuedPosLinksNavigation {
  selectedPOS?: unknown;
  selectedBank?: unknown;
  /** Set by a full-page return from the provider that failed. */
  connectError?: unknown;
}

/**
 * The queue to show: navigation state from /link-your-pos ({selectedPOS}) or /link-business-bank ({selectedBank})
 * starts or extends it; otherwise the saved state; null means there is nothing to work through.
 */
export function resolveQueue(navigation: QueuedPosLinksNavigation | null, saved: OnboardingState | null) {
  if (isTextList(navigation?.selectedPOS) && navigation.selectedPOS.length > 0) {
    return startCardQueue(navigation.selectedPOS);
  }
  if (typeof navigation?.selectedBank === 'string' && navigation.selectedBank !== '') {
    return queueBank(saved, navigation.selectedBank);
  }
  return saved;
}
