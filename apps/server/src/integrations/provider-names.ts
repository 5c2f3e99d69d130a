import { SOURCES, type Source, sourceName } from '@brade/contract';

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** How a sentence that starts with a provider names it ('Stripe', 'Your bank'), from the contract's vocabulary. */
export const PROVIDER_NAMES = Object.fromEntries(
  SOURCES.map((source) => [source, capitalised(sourceName(source))]),
) as Record<Source, string>;
