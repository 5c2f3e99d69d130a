/**
 * The one vocabulary of what an owner connects, from the spec's identifiers to the words on screen. Everything else
 * (the server's tables, the ledger, the sandbox's data, the screens) derives from here.
 */

/** The card processors of docs/product.md, "What it does", by their identifiers, in the order they are offered. */
export const CARD_PROCESSORS = ['stripe', 'square', 'sumup'] as const;
export type CardProcessor = (typeof CARD_PROCESSORS)[number];

/**
 * The spec's name for the bank in its calls and messages (`/api/gocardless/…`, `gocardless_connect`,
 * `GOCARDLESS_CONNECT_SUCCESS`), whichever open-banking provider actually links it.
 */
export const BANK_PROCESSOR = 'gocardless' as const;
export const CONNECTABLE_PROCESSORS = [...CARD_PROCESSORS, BANK_PROCESSOR] as const;
export type ConnectableProcessor = (typeof CONNECTABLE_PROCESSORS)[number];

/** The page a provider's consent returns to with `code` and `state` (both banks return to the spec's one). */
export const returnPageOf = (processor: ConnectableProcessor) => `/${processor}-redirect` as const;

/** Brade's own name for each source of transactions: a card processor, or 'bank' whoever links it. */
export const SOURCES = [...CARD_PROCESSORS, 'bank'] as const;
export type Source = (typeof SOURCES)[number];

/** The spec's `gocardless` is Brade's bank: the one mapping from the API's vocabulary to Brade's own. */
export function sourceOf(processor: ConnectableProcessor): Source {
  return processor === BANK_PROCESSOR ? 'bank' : processor;
}

/** The bank is `gocardless` again on the way out to the API. */
export function processorOf(source: Source): ConnectableProcessor {
  return source === 'bank' ? BANK_PROCESSOR : source;
}

/** The words for the bank, each where the spec or the screens use it. */
export const BANK_WORDS = {
  /** The Settings card's title (docs/product.md, "Screens and routes"). */
  card: 'Business Account',
  /** 'Link your business bank account' (docs/product.md, "Screens and routes"), and the e-mails. */
  account: 'business bank account',
  /** Inside a sentence: 'Importing from your bank failed'. */
  short: 'your bank',
} as const;

/** Each processor's name as an owner reads it on a card or a button. */
export const PROCESSOR_NAMES: Record<ConnectableProcessor, string> = {
  stripe: 'Stripe',
  square: 'Square',
  sumup: 'SumUp',
  gocardless: BANK_WORDS.card,
};

/** Each source as a sentence names it: the processors by their brands, the bank as 'your bank'. */
export function sourceName(source: Source): string {
  return source === 'bank' ? BANK_WORDS.short : PROCESSOR_NAMES[source];
}
