/**
 * The card-payment processors of docs/product.md, "What it does", by their identifiers, in the order they are offered.
 */
export const POS_PROVIDERS = [
  { id: 'stripe', name: 'Stripe', blurb: 'Online and in-person card payments' },
  { id: 'square', name: 'Square', blurb: 'Card readers and point of sale' },
  { id: 'sumup', name: 'SumUp', blurb: 'Card readers for small businesses' },
] as const;

export type PosProvider = (typeof POS_PROVIDERS)[number]['id'];

/** What /queued-pos-links receives in navigation state. */
export interface QueuedPosLinksState {
  selectedPOS: PosProvider[];
}
