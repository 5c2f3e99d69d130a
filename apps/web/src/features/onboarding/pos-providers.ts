import { CARD_PROCESSORS, type CardProcessor, PROCESSOR_NAMES } from '@brade/contract';

const BLURBS: Record<CardProcessor, string> = {
  stripe: 'Online and in-person card payments',
  square: 'Card readers and point of sale',
  sumup: 'Card readers for small businesses',
};

/**
 * The card-payment processors of docs/product.md, "What it does", by their identifiers, in the order they are offered.
 */
export const POS_PROVIDERS = CARD_PROCESSORS.map((id) => ({ id, name: PROCESSOR_NAMES[id], blurb: BLURBS[id] }));

export type PosProvider = CardProcessor;

/** What /queued-pos-links receives in navigation state. */
export interface QueuedPosLinksState {
  selectedPOS: PosProvider[];
}
