import type { Period } from './periods.js';
import type { Reading } from './reading.js';

/**
 * Reading questions about what was sold and who sold it (docs/assistant.md, "Reading a question"): services,
 * categories and items ("what sells best", "how much did colour bring in", "top 3 services in October") and the team
 * ("who took the most in October", "how much did Chloe take"). Another business's figures are declined before this.
 */

const has = (q: string, re: RegExp) => re.test(q);

/** Services and products owners name: the catalogue's words (docs/finance.md, "What was sold"). */
const SOLD_THING =
  /\b(?:colou?r(?:s|ing)?|tints?|root (?:touch[- ]?ups?|tints?)|toners?|highlights?|lowlights?|balayage|foils?|ombre|(?:hair ?)?cuts?|haircuts?|trims?|blow[- ]?dr(?:y|ies|ys)|blowdr(?:y|ies)|styling|up[- ]?dos?|wedding hair|bridal|nails?|manicures?|pedicures?|manis?|pedis?|gel nails|biab|acrylics?|shellac|treatments?|keratin|olaplex|facials?|brows?|lashes|waxing|spray tans?|extensions|perms?|gents'? cuts?|beard trims?|retail|products?)\b/;
const GENERIC_THING =
  /\b(?:services?|treatments?|items?|products?|categor(?:y|ies)|what (?:sells|sold|i sell|we sell)|sells? (?:best|most|well|worst|least)|best[- ]?sell(?:er|ers|ing)|top[- ]?sell(?:er|ers|ing)|most popular|least popular|popular)\b/;
const SALES_VERB =
  /\b(?:sells?|sold|selling|bring(?:s|ing)? in|brought in|took|take|takes|taken|taking|made|make|makes|making|earn(?:s|ed|t)?|revenue|takings|sales|money|worth|do (?:on|in|from)|did (?:on|in|from)|popular|most|best|top|biggest)\b/;
const COST_VERB =
  /\b(?:spen[dt]|spending|costs?|costing|expenses?|expenditure|outgoings?|overheads?|bills?|bought|buy|buying|order(?:ed|s)?|paid|pay|paying|suppliers?|stock|wholesaler|supplies)\b/;
const RANK =
  /\b(?:best|top|most|biggest|highest|largest|main|popular|which|what (?:sells|sold)|worst|least|lowest|smallest)\b/;
const BOTTOM = /\b(?:worst|least|lowest|smallest|weakest)\b/;
const BREAKDOWN =
  /\b(?:break ?down|split|by (?:service|treatment|category|item|product)|(?:each|every|per) (?:service|treatment|category|item|product)|all (?:my |the )?(?:services|treatments|categories|items))\b/;
const N = /\btop (\d+|three|five|ten|two)\b|\b(\d+|three|five|ten|two) (?:best|top|biggest)\b/;
const NUMBER: Record<string, number> = { two: 2, three: 3, five: 5, ten: 10 };

/** The services or products named: "colour", "cuts and colour", "balayage". */
function namesIn(q: string): string[] {
  const g = new RegExp(SOLD_THING.source, 'g');
  const out: string[] = [];
  for (let m = g.exec(q); m; m = g.exec(q)) {
    const word = m[0];
    // "treatments", "products" alone are the generic words, not a name, when asked which one.
    if (
      /^(?:treatments?|products?)$/.test(word) &&
      has(q, /\b(?:which|what|best|top|most|popular|each|every|per|by|all)\b/)
    )
      continue;
    out.push(word);
  }
  return [...new Set(out)];
}

/**
 * A question about what was sold, or null. Refunds, vouchers and costs are other measures: "how much did I spend on
 * products" is stock, "how many gift vouchers did we sell" is vouchers.
 */
export function readSold(q: string, periods: Period[]): Reading | null {
  if (has(q, COST_VERB) && !has(q, /\b(?:sells?|sold|selling|bring in|brought in|brings in)\b/)) return null;
  if (has(q, /\b(?:gift )?vouchers?\b|\bgift cards?\b|\brefund/)) return null;
  const names = namesIn(q);
  // "by category" alone is any report's breakdown: of sales only when sales are named.
  const generic =
    has(q, GENERIC_THING) &&
    (!/^categor/.test(GENERIC_THING.exec(q)?.[0] ?? '') || has(q, /\b(?:sales|takings|revenue|sold|sell|income)\b/));
  if (names.length === 0 && !generic) return null;
  // "my most popular day", "best month": a ranking of days or months, not of what was sold.
  if (
    names.length === 0 &&
    !has(q, /\b(?:services?|treatments?|items?|products?|categor(?:y|ies))\b/) &&
    has(
      q,
      /\b(?:days?|months?|weeks?|weekdays?|hours?|times?|quarters?|years?|clients?|customers?|stylists?|staff|processors?|card machines?)\b/,
    )
  )
    return null;
  if (!has(q, SALES_VERB) && !has(q, BREAKDOWN)) return null;
  const scope: 'all' | 'services' | 'retail' =
    has(q, /\b(?:retail|products?)\b/) && !has(q, /\bservices?\b/)
      ? 'retail'
      : has(q, /\b(?:services?|treatments?)\b/)
        ? 'services'
        : 'all';
  const nMatch = N.exec(q);
  const n = nMatch ? (NUMBER[nMatch[1] ?? nMatch[2] ?? ''] ?? Number(nMatch[1] ?? nMatch[2])) : 3;
  const period = periods[0] ?? null;
  const specific = names.filter((w) => !/^(?:retail|products?)$/.test(w) || scope !== 'retail' || !generic);
  if (specific.length > 0 && !(generic && has(q, RANK) && !has(q, /\bhow much\b/))) {
    return { kind: 'sold', which: 'one', dir: 'top', n, names: specific, scope, periods };
  }
  if (has(q, BREAKDOWN) && !has(q, /\b(?:best|top|most|worst|least)\b/))
    return { kind: 'sold', which: 'breakdown', dir: 'top', n, names: [], scope, periods: period ? [period] : [] };
  if (generic && (has(q, RANK) || has(q, /\bhow much\b/)))
    return {
      kind: 'sold',
      which: has(q, RANK) ? 'rank' : 'breakdown',
      dir: has(q, BOTTOM) ? 'bottom' : 'top',
      n: Math.min(Math.max(n, 1), 10),
      names: [],
      scope,
      periods: period ? [period] : [],
    };
  return null;
}

const STAFF_ROLE =
  /\b(?:stylists?|staff members?|members? of staff|employees?|therapists?|technicians?|barbers?|hairdressers?|team(?: members?)?|juniors?|staff)\b/;
const NOT_A_NAME = new Set([
  'i',
  'we',
  'you',
  'they',
  'the',
  'it',
  'my',
  'our',
  'salon',
  'business',
  'us',
  'he',
  'she',
  'anyone',
  'everyone',
  'anybody',
  'everybody',
  'someone',
  'that',
  'this',
  'these',
  'those',
  'what',
  'which',
  'clients',
  'client',
  'customers',
  'customer',
  'people',
  'things',
  'sales',
  'takings',
  'costs',
  'profit',
  'prices',
  'rent',
  'wages',
  'vat',
  'card',
  'a',
  'an',
  'stripe',
  'square',
  'sumup',
  'hmrc',
  'today',
  'yesterday',
  'friday',
  'saturday',
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'christmas',
  'easter',
  'month',
  'week',
  'year',
  'quarter',
  'colour',
  'color',
  'nails',
  'retail',
  'balayage',
  'highlights',
  'cuts',
  'treatments',
  'products',
  'services',
  'staff',
  'team',
  'stylist',
  'stylists',
  'everything',
  'each',
  'every',
  'who',
  'last',
  'this',
  'so',
  'much',
  'many',
  'new',
  'black',
  // Periods read as names ("october's takings", "what did xmas take").
  ...['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october'],
  ...['november', 'december', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec'],
  ...['xmas', 'summer', 'spring', 'autumn', 'winter', 'weekend', 'q1', 'q2', 'q3', 'q4', 'h1', 'h2', 'half', 'tax'],
]);

/** A person named as taking money: "did chloe take", "chloe's takings", "how much has jess brought in". */
function personIn(q: string, followingTeam: boolean): string | null {
  const patterns = [
    /\b(?:did|has|does|have|had)\s+([a-z]+)\s+(?:take|took|taken|make|made|bring|brought|sell|sold|earn|earned|do|done)\b/,
    /\b([a-z]+)'s (?:takings|sales|clients|customers|figures|revenue|numbers|till)\b/,
    /\b(?:for|by)\s+([a-z]+)\b(?=[a-z ]*\b(?:took|takings|sales|sold)\b)/,
    ...(followingTeam ? [/^(?:and |what about |how about |and what about )([a-z]+)\s*[?.!]*$/] : []),
  ];
  for (const re of patterns) {
    const m = re.exec(q);
    if (m && !NOT_A_NAME.has(m[1]!) && m[1]!.length >= 2) return m[1]!;
  }
  return null;
}

/** A question about the team's takings, or null. */
export function readTeam(q: string, periods: Period[], followingTeam = false): Reading | null {
  const person = personIn(q, followingTeam);
  const byRole =
    has(q, STAFF_ROLE) &&
    has(
      q,
      /\b(?:took|take|taken|takes|sold|sells?|brought in|bring in|made|make|earn(?:s|ed|t)?|takings|sales|revenue|busiest|best|top|most|each|every|per|by)\b/,
    ) &&
    !has(q, /\b(?:wages?|salar(?:y|ies)|pay(?:ing|roll)?|paid|costs?|pension|paye|hire|hiring)\b/);
  const who = has(
    q,
    /\bwho (?:took|takes|take|sold|sells|brought in|brings in|made|makes|earned|earns|did|does|had|has) (?:the )?(?:most|least|best|biggest)\b|\bwho(?:'s| is| was) (?:my |the )?(?:top|best|busiest|biggest) (?:stylist|earner|seller|performer|member)\b|\btop (?:stylist|earner|performer)s?\b/,
  );
  if (!person && !byRole && !who) return null;
  const period = periods[0] ?? null;
  if (person) return { kind: 'team', which: 'one', dir: 'top', name: person, periods };
  return {
    kind: 'team',
    which: who || has(q, /\b(?:best|top|most|biggest|busiest|worst|least)\b/) ? 'rank' : 'breakdown',
    dir: has(q, BOTTOM) ? 'bottom' : 'top',
    name: null,
    periods: period ? [period] : [],
  };
}
