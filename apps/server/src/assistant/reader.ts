import { addMonths, monthOf, type VatStagger } from '@brade/contract';
import {
  allTime,
  clip,
  type Found,
  findPeriods,
  lastTwelveMonths,
  monthsPeriod,
  type Period,
  periodBefore,
  periodYearBefore,
  thisMonth,
  yearSoFar,
} from './periods.js';
import { readSold, readTeam } from './read-sales.js';
import type { Ask, DeclineReason, Metric, MetricId, Op, Reading, WhatIf } from './reading.js';
import { FILLER, normalise } from './wording.js';

/**
 * The built-in analyst's reader (docs/assistant.md, "Reading a question"): a question becomes what it asks, the
 * measures, the periods, and what to do with them (a figure, a comparison, a share, a ranking, a breakdown, a count),
 * or one of the answers that need no figure (a decline with its reason, a question back). It never guesses: what it
 * cannot place it says it did not understand, with close questions it can answer.
 */
export interface ReaderContext {
  today: string;
  /** The first day of the books (null when there are none yet). */
  booksFrom: string | null;
  /** The owner's VAT quarters when VAT-registered. */
  vatStagger: VatStagger | null;
}

const has = (q: string, re: RegExp) => re.test(q);

/** Expense categories of docs/finance.md by the words owners use for them; the first that matches wins. */
export const CATEGORY_WORDS: Array<[RegExp, string]> = [
  [
    /\b(?:card|processing|processor|transaction|merchant|payment|stripe|square|sumup)(?: processing| machine| reader)? (?:fees?|charges?|commission)\b|\bfees? (?:on|for) (?:card|my card|the card)s?\b|\bcard machines? (?:is |are )?costing\b|\bin fees\b/,
    'Card processing fees',
  ],
  [
    /\bpaye\b|\bnational insurance\b|\bni (?:contributions|payments|bill)\b|\bemployers? ni\b/,
    'PAYE and National Insurance',
  ],
  [/\bpensions?\b|\bnest\b|\bauto[- ]enrol/, 'Pension contributions'],
  [/\bbusiness rates\b|\bcouncil (?:rates|tax)\b|\bnndr\b|\brates bill\b|\brates\b(?! of)/, 'Business rates'],
  [/\binsurance\b|\binsurer\b/, 'Insurance'],
  [
    /\butilit(?:y|ies)\b|\belectric\b|\bgas\b|\benergy\b|\bwater(?: bills?| rates)?\b|\bbroadband\b|\bphone(?: bills?| line)?\b|\binternet\b|\bwifi\b/,
    'Utilities',
  ],
  [
    /\bstock\b|\bsupplies\b|\bproducts?\b|\bwholesalers?\b|\bcolou?rs? (?:stock|orders?)\b|\bhair dye\b/,
    'Stock & supplies',
  ],
  [/\bsoftware\b|\bsubscriptions?\b|\bbooking (?:system|software|app)\b|\bapps?\b/, 'Software and subscriptions'],
  [/\baccountants?\b|\bprofessional fees\b|\bsolicitors?\b|\bbookkeep(?:er|ing)\b|\blegal fees\b/, 'Professional fees'],
  [/\bbank (?:charges|fees)\b|\baccount fees?\b/, 'Bank charges'],
  [/\bcard (?:terminals?|readers?|machines?)(?: rental| hire)?\b|\bterminal (?:rental|hire)\b/, 'Card terminals'],
  [/\bloan interest\b|\binterest (?:on|paid)\b/, 'Loan interest'],
  [/\blicen[cs]es?\b|\bmemberships?\b|\bmusic licen[cs]e\b|\bppl\b/, 'Licences and memberships'],
  [/\brefreshments\b|\bsundries\b|\bcoffee\b|\bteas?\b|\bbiscuits\b|\bmilk\b|\bsnacks\b/, 'Refreshments and sundries'],
  [/\bcleaning\b|\brepairs?\b|\bpremises\b|\bwaste\b|\bbins?\b|\bmaintenance\b/, 'Premises costs'],
  [/\buncategori[sz]ed\b/, 'Uncategorised'],
  [/\brent\b|\blandlord\b|\blease\b/, 'Rent'],
];

const WEEKDAY_WORDS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** A span of the question claimed by a word the reader knows. */
interface Claimed {
  at: number;
  metric: Metric;
}

/** The measures a clause names, in the order it names them. */
function findMetrics(q: string): { metrics: Claimed[]; made: boolean } {
  let rest = ` ${q} `;
  const out: Claimed[] = [];
  const claim = (re: RegExp, metric: Metric | ((m: RegExpExecArray) => Metric | null)) => {
    const g = new RegExp(re.source, 'g');
    for (let m = g.exec(rest); m; m = g.exec(rest)) {
      if (m[0] === '') {
        g.lastIndex += 1;
        continue;
      }
      const made = typeof metric === 'function' ? metric(m) : metric;
      if (!made) continue;
      out.push({ at: m.index, metric: made });
      rest = rest.slice(0, m.index) + ' '.repeat(m[0].length) + rest.slice(m.index + m[0].length);
    }
  };
  // Gift vouchers: sold, spent, or still to be spent.
  claim(
    /\b(?:gift )?(?:vouchers?|gift cards?)\b(?:[a-z' ]{0,30}?\b(?:still to be (?:redeemed|used|spent)|(?:yet|left) to be (?:redeemed|used|spent)|unredeemed|unspent|outstanding|not (?:yet )?(?:been )?(?:used|redeemed|spent)|redeemed|used|spent|cashed in))?/,
    (m) => {
      const t = m[0];
      if (
        /still|yet|left|unredeemed|unspent|outstanding|not /.test(t) ||
        /\b(?:outstanding|unspent|unredeemed|still to|yet to|left to)\b/.test(q)
      )
        return { id: 'vouchersOutstanding' };
      if (/redeemed|used|spent|cashed/.test(t) || /\b(?:redeemed|redemptions?)\b/.test(q))
        return { id: 'vouchersRedeemed' };
      return { id: 'vouchersSold' };
    },
  );
  claim(
    /\bafter (?:i(?:'ve)? )?(?:pay|paid|paying|pays) (?:myself|me)\b|\bleft (?:over )?(?:for me )?after (?:my )?drawings\b/,
    { id: 'afterDrawings' },
  );
  claim(
    /\b(?:paid|pay|paying|pays) myself\b|\bdrawings?\b|\btaken out (?:for )?(?:myself|me)\b|\btook out for (?:myself|me)\b|\bmy (?:own )?(?:wage|salary|pay)\b|\bowner'?s? (?:money|drawings)\b/,
    { id: 'ownerMoney' },
  );
  claim(
    /\bafter (?:the |my |all )?(?:card )?fees\b|\bnet of (?:the )?(?:card )?fees\b|\b(?:actually |really )?landed\b|\bhit (?:my|the) (?:bank|account)\b/,
    { id: 'netCardTakings' },
  );
  claim(
    /\b(?:inc|incl|including|included|with|plus) (?:the )?vat\b|\bvat[- ]inclusive\b|\bgross takings\b|\bbefore vat (?:is )?(?:taken|removed)\b|\bwhat (?:customers|clients|people) (?:actually |really )?paid\b/,
    { id: 'grossTakings' },
  );
  if (out.some((c) => c.metric.id === 'grossTakings'))
    claim(/\b(?:customers|clients|people) (?:actually |really )?(?:pay|paid) (?:me|us)\b/, { id: 'grossTakings' });
  claim(
    /\b(?:chair|room|station|desk|space|seat) (?:rent|rental|hire|renters?)\b|\brent(?:al)? (?:from|paid by) (?:my |the )?(?:renters?|stylists?|tenants?)\b|\b(?:my |the )?(?:chair |room )?renters?\b/,
    { id: 'chairRent' },
  );
  claim(/\bother income\b|\binterest received\b|\bincome (?:other than|besides|apart from) (?:sales|takings)\b/, {
    id: 'otherIncome',
  });
  claim(
    /\bvat\b[a-z' ]{0,20}?\b(?:paid|pay|payments?)\b(?: (?:to )?hmrc)?|\b(?:paid|payments? to) (?:hmrc|the vat ?man)\b(?: for vat)?|\bvat payments?\b/,
    { id: 'vatPaid' },
  );
  claim(/\bvat\b[a-z' ]{0,20}?\b(?:charged?|collected|output|on (?:my )?sales)\b|\boutput (?:vat|tax)\b/, {
    id: 'vatOutput',
  });
  claim(
    /\bvat\b[a-z' ]{0,25}?\b(?:claim(?:ed)?(?: back)?|reclaim(?:ed|able)?|input|get back|back from hmrc)\b|\binput (?:vat|tax)\b|\breclaim(?:able)? vat\b/,
    { id: 'vatInput' },
  );
  claim(
    /\b(?:income|money) from (?:clients|customers|sales|card sales|services)\b|\bmoney (?:came|come|coming) in from (?:clients|customers|card sales|sales)\b/,
    { id: 'revenue' },
  );
  claim(
    /\b(?:make|made|making|earn|earned|take|took|taken|left|keep|kept|clear|cleared)\b[a-z0-9 ]{0,24}?\bafter (?:all )?(?:my |the )?(?:costs|expenses|bills|outgoings|everything)\b/,
    { id: 'profit' },
  );
  claim(
    /\bstaff(?:ing)? (?:costs?|bill|spend|expenses?|overheads)\b|\bemployment costs\b|\bpeople costs\b|\bcost of (?:my )?staff\b|\bteam costs\b/,
    { id: 'staffCosts' },
  );
  claim(
    /\bwages?(?: bill)?\b|\bsalar(?:y|ies)\b|\bpayroll\b|\bstaff pay\b|\bpaying (?:my |the )?staff\b|\bstaff\b(?= (?:cost|me|this|last|in|for)\b)/,
    { id: 'wages' },
  );
  claim(/\b(?:on|of|for|in) (?:my |the )?staff\b(?! member)|\bstaff\b(?= (?:cost|take|eat|is|are|as)\b)/, {
    id: 'staffCosts',
  });
  for (const [re, category] of CATEGORY_WORDS) claim(re, { id: 'category', category });
  claim(/\brefund(?:s|ed|ing)?\b|\bmoney back\b|\bchargebacks?\b|\bgave back\b/, { id: 'refunds' });
  claim(/\bnew (?:clients?|customers?|people|faces)\b|\bfirst[- ]time(?:rs| clients?| customers?| visitors?)\b/, {
    id: 'newClients',
  });
  claim(
    /\b(?:average|mean|typical) (?:spend|bill|ticket|transaction|sale|basket|visit value)\b|\bspend (?:per|a|each) (?:client|customer|head|visit|person)\b|\b(?:per|each) (?:client|customer|head)\b|\bspen[dt] on average\b|\bon average\b(?=.*\bspen[dt]\b)|\brevenue per client\b|\baverage (?:client|customer) spend\b/,
    { id: 'avgSpend' },
  );
  claim(
    /\b(?:card )?(?:payments|transactions|sales)(?= (?:went|go|did|do|were|have|had|thru|through|by|on|via|taken|in|this|last|we|i)\b|\?|$)(?<=how many [a-z ]{0,25}(?:payments|transactions|sales))|\bcard (?:payments|transactions)\b/,
    { id: 'cardPayments' },
  );
  claim(/\bclients?\b|\bcustomers?\b|\bpeople (?:through the door|in)\b|\bheads\b|\bfootfall\b|\bregulars\b/, {
    id: 'clients',
  });
  claim(/\b(?:profit )?margins?\b/, { id: 'margin' });
  claim(
    /\bprofits?\b|\bnet income\b|\bbottom line\b|\bmak(?:e|ing) (?:any |a )?(?:money|loss)\b|\blos(?:e|t|ing) money\b|\b(?:a |any )?loss(?:es)?\b|\bin the (?:red|black)\b|\bbreak(?:ing)? even\b|\bcleared?\b|\bkept\b|\bleft over\b|\bnet\b(?! of| card)|\bearn(?:ed|ings)? after\b|\b(?:un)?profitable\b/,
    { id: 'profit' },
  );
  claim(
    /\b(?:costs?|expenses?|expenditure|spen[dt]|spending|outgoings?|overheads?|bills?|paid out|going out|went out|money go(?:es|ing)?|cost me|costing)\b/,
    { id: 'costs' },
  );
  claim(/\b(?:total )?income\b(?! tax)/, { id: 'income' });
  claim(
    /\btakings?\b|\btake\b|\btook\b|\btaken\b|\bsales?\b|\bsold\b|\brevenue\b|\bturnover\b|\bturn(?:ed)? over\b|\b(?:bring|brought|bringing|took|take) in\b|\bmoney (?:came|come|coming) in\b|\bearn(?:ed|ings|ing)?\b|\bmoney in\b|\btill\b|\bcustomers? (?:actually )?paid\b|\bcash(?:ed)? (?:in|up)\b/,
    { id: 'revenue' },
  );
  let made = false;
  if (out.length === 0) {
    claim(/\b(?:make|made|making|makes)\b/, () => {
      made = true;
      return { id: 'revenue' };
    });
  }
  // "wages and stock": the same question, both lines; one metric per id and category.
  const seen = new Set<string>();
  const metrics = out
    .sort((a, b) => a.at - b.at)
    .filter((c) => {
      const key = `${c.metric.id}:${c.metric.category ?? ''}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return { metrics: subsume(metrics), made: made && metrics.every((c) => c.metric.id === 'revenue') };
}

/** A specific measure stands for the general one it belongs to: "spent on stock" is stock, not all costs. */
const SUBSUMES: Partial<Record<MetricId, MetricId[]>> = {
  category: ['costs'],
  payee: ['costs'],
  staffCosts: ['costs', 'wages'],
  wages: ['costs'],
  ownerMoney: ['costs'],
  afterDrawings: ['profit', 'ownerMoney'],
  refunds: ['revenue', 'costs'],
  grossTakings: ['revenue', 'clients', 'cardPayments'],
  netCardTakings: ['revenue', 'cardPayments', 'category'],
  chairRent: ['revenue', 'income', 'otherIncome', 'category'],
  otherIncome: ['revenue', 'income'],
  cardPayments: ['revenue'],
  vouchersSold: ['revenue'],
  vouchersRedeemed: ['revenue'],
  vouchersOutstanding: ['revenue'],
  newClients: ['clients'],
  avgSpend: ['clients', 'revenue', 'costs'],
  vatPaid: ['costs'],
  vatOutput: ['revenue'],
  vatInput: ['costs'],
  margin: ['profit'],
};
function subsume(claimed: Claimed[]): Claimed[] {
  const ids = new Set(claimed.map((c) => c.metric.id));
  const dropped = new Set<MetricId>();
  for (const id of ids) for (const d of SUBSUMES[id] ?? []) if (d !== id) dropped.add(d);
  // "card fees" inside "after the card fees": the category is the fee part of what landed.
  return claimed.filter((c) => !dropped.has(c.metric.id));
}

/** A payee typed after "at", "to" or "paid": "how much have I spent at Sally Beauty", "paid Fresha". */
function payeeOf(q: string): string | null {
  const charged =
    /\b(?:what|how much) (?:did|has|have|does) ([a-z][a-z0-9&'.-]*(?: [a-z0-9&'.-]+){0,2}?) (?:charge|charged|cost|bill|billed|take) (?:me|us)\b/.exec(
      q,
    );
  if (
    charged &&
    !/^(?:i|we|you|it|that|this|they|the salon|my|our)\b/.test(charged[1]!) &&
    !CATEGORY_WORDS.some(([re]) => re.test(charged[1]!))
  ) {
    return charged[1]!.replace(/^(?:the|my|our) /, '');
  }
  const m =
    /\b(?:spent|spend|spending|paid|pay|paying|payments? to|bought from|buy from|order(?:ed|s)? from|owe|transactions? (?:from|to|with|matching|for)|payments? (?:from|with|matching))\s+(?:at |to |with |on )?([a-z][a-z0-9&'.-]*(?: [a-z0-9&'.-]+){0,3}?)(?=\s+(?:this|last|since|in|over|during|for|so|from|on|the|year|month|week|altogether|in total|all|ever|to date)\b|\s*[?.!]|$)/.exec(
      q,
    );
  if (!m) return null;
  if (
    /^(?:last|this|since|in|over|during|on|for|so|the|year|month|week|today|yesterday|ever|altogether|all|each|every|per|a|an|much|more|less|too)\b/.test(
      m[1]!,
    )
  )
    return null;
  const words = m[1]!.split(' ').filter((w) => !STOP_PAYEE.has(w));
  if (words.length === 0) return null;
  const text = words.join(' ');
  if (CATEGORY_WORDS.some(([re]) => re.test(text))) return null;
  if (
    /^(?:it|that|this|them|those|these|things?|stuff|everything|anything|myself|me|staff|vat|hmrc|tax|bills?|costs?|expenses?|money|out|back|in|rent|wages|fees)$/.test(
      text,
    )
  )
    return null;
  return text;
}
const STOP_PAYEE = new Set(['the', 'a', 'my', 'our', 'at', 'to', 'on', 'with', 'for', 'much', 'money']);

/** Money typed by an owner: "24k", "£24,000", "£2,000 a month", "25 grand". */
export function moneyOf(text: string): { pence: number; per: 'year' | 'month' | 'week' | 'hour' | null } | null {
  const m =
    /£?\s?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s?(k|grand|thousand)?\s?(?:(?:a|per|an|p\/?)\s?(year|yr|annum|a|month|mth|week|wk|hour|hr)\b|(pa)\b)?/.exec(
      text.replace(/(\d)\s*%/g, '$1 percent'),
    );
  if (!m || /percent/.test(text.slice(m.index + m[0].length, m.index + m[0].length + 8))) return null;
  const value = Number(m[1]!.replace(/,/g, '')) * (m[2] ? 1000 : 1);
  if (!Number.isFinite(value) || value <= 0) return null;
  const unit = m[4] ? 'year' : m[3];
  const per = !unit
    ? null
    : /^(year|yr|annum|a)$/.test(unit)
      ? 'year'
      : /^(month|mth)$/.test(unit)
        ? 'month'
        : /^(week|wk)$/.test(unit)
          ? 'week'
          : 'hour';
  return { pence: Math.round(value * 100), per };
}

const percentOf = (q: string) => {
  const m = /(\d+(?:\.\d+)?)\s?(?:%|(?:percent|per cent|pc)\b)/.exec(q);
  return m ? Number(m[1]) : null;
};

const OTHER_BUSINESS =
  /\b(?:other|another|all the|all) (?:owners?|users?|salons?|businesses|shops?|people)'?s?\b(?=.*\b(?:takings?|take|took|make|made|earn|revenue|profit|sales|figures|books|turnover|accounts|money|data|on brade)\b)|\b(?:salon|shop|barber'?s?|business|place|competitor|competition)s? (?:across|over|down|up) the (?:road|street)\b|\bnext door\b|\bcompetitors?'?\b|\brivals?\b|\b(?:other|another) (?:owner|salon|business|user|shop)s?'?s? (?:take|took|make|made|earn|revenue|takings|profit|sales|figures|books|turnover|accounts)|\b(?!(?:how|what|that|it|who|where|there|here|let|he|she|one)'s)[a-z]+'s (?:salon|shop|business)\b|\bsomeone else'?s\b|\beveryone else'?s\b|\ball (?:the )?(?:owners|salons|users)\b|\b(?:how much|what) (?:do|does|did) (?:other|another|the average|a typical) (?:salons?|owners?|businesses|shops?) (?:take|make|earn)\b/;
const ACTION =
  /^(?:can you |could you |please |will you |would you )?(?:pay|transfer|send|move|cancel|book|schedule|submit|file|email|e-mail|text|ring|call|refund|set up|setup|make a payment|raise an invoice|invoice|chase|remind)\b(?!.*\b(?:how much|what|when|did|have i|do i)\b)/;
const ADVICE =
  /\b(?:should i|shall i|is it worth|would it be better|better off)\b(?!.*\b(?:put aside|set aside|save for|keep back|put away)\b)|\bgo(?:ing)? limited\b|\blimited company\b|\bltd company\b|\bincorporat|\bsole trader\b|\bthrough the business\b|\btax[- ]deductible\b|\ballowable expenses?\b|\bclaim (?:for )?(?:my )?(?:car|van|mileage|phone|home|clothes|uniform)\b|\bpay less tax\b|\bavoid tax\b|\btax (?:advice|planning|return)\b|\bhow much (?:income )?tax (?:will|do|should) i\b|\bself assessment bill\b|\b(?:set|put) (?:aside|away|by) for (?:my )?(?:tax|income tax|self assessment)\b|\bincome tax\b|\btax bill\b(?!.*\bvat\b)|\bdividends? or salary\b|\bmortgage\b|\binvest(?:ment|ing)? (?:advice|in)\b/;
const FORECAST =
  /\b(?:predict|forecast|in (?:five|ten|\d+) years|by 20\d\d|next (?:year|yr|quarter|summer|christmas|spring|autumn|winter)|going to (?:be|make|take)|will (?:i|we|my|our|it|the salon|the business) (?:take|make|be|earn|turn over|do))\b/;
const FUTURE_WORDS =
  /\b(?:looking|shaping up|look like|going to be|will be|gonna be|coming up|ahead|upcoming|expect|expected|next)\b/;
const AMBIGUOUS_PERIOD =
  /\b(?:the |over the |during the |in the )?(?:holidays|hols|half[- ]term|school holidays|bank holiday(?! monday)|the break|term time|peak season|busy season|quiet season)\b/;
const PRONOUN_REFERENT =
  /\b(?:on|for|about|at|with) (?:it|that|this|them|those|these|him|her)\b\s*[?.!]*$|\bspen[dt] on it\b|\bcost of it\b/;

const COMPARE_WORDS =
  /\b(?:compare[ds]?|comparing|comparison|vs|versus|against|than|up on|down on|better|worse|up or down|gone (?:up|down)|go(?:ne)? up|go(?:ne)? down|went (?:up|down)|going (?:up|down)|increas(?:e|ed|ing)|decreas(?:e|ed|ing)|chang(?:e|ed|ing)|difference|grow(?:n|th|ing)?|drop(?:ped)?|fallen|fell|rise|risen|rose|up\b|down\b)\b/;
const TREND_WORDS =
  /\b(?:gone (?:up|down)|going (?:up|down)|increas(?:ed|ing)|decreas(?:ed|ing)|ris(?:en|ing)|fall(?:en|ing)|creeping up|trend(?:ing)?|growing|over time)\b/;
const PROJECTION =
  /\b(?:at (?:this|the same|that) (?:pace|rate)|projected|projection|on course to (?:take|make)|month[- ]end (?:takings|revenue|sales|figure))\b(?!.*\b(?:vat|threshold|target|goal)\b)|\b(?:will|am) (?:i|we) (?:going to )?(?:take|make|turn over)\b.*\b(?:this month|by the end of the month)\b|\b(?:takings|revenue|sales) (?:be )?by the end of (?:the|this) month\b|\bwhat will (?:my|our) (?:takings|revenue|sales) be\b(?=.*\b(?:month|end)\b)/;
const YEAR_ON_YEAR =
  /\b(?:than|on|with|to|vs|versus|against) (?:this time |the same (?:time|period|month) )?last (?:year|yr)\b|\bup on last (?:year|yr)\b|\bdown on last (?:year|yr)\b|\byear[- ]on[- ]year\b|\bthis time last (?:year|yr)\b|\bsame (?:time|month|period) last (?:year|yr)\b/;
const SHARE_WORDS =
  /%|\bper ?cent(?:age)?\b|\bproportion\b|\bshare\b|\bhow much of (?:my|our|the)\b|\bwhat (?:part|fraction) of\b|\beating (?:into|up|more)?\b|\bof (?:my|our|the) (?:takings|turnover|sales|revenue|income|costs|spending|expenses)\b|\bas a (?:share|part) of\b/;

/** The parts of a share: not its base ("what % of my takings goes on card fees" is card fees of takings); staff means all staff costs. */
function shareNumerators(metrics: Metric[], base: Metric): Metric[] {
  const same: Record<string, string[]> = {
    revenue: ['revenue', 'grossSales', 'income'],
    grossSales: ['revenue', 'grossSales'],
    income: ['income', 'revenue', 'otherIncome'],
    costs: ['costs'],
  };
  const parts = metrics
    .filter((m) => !(same[base.id] ?? [base.id]).includes(m.id))
    .map((m): Metric => (m.id === 'wages' ? { id: 'staffCosts' } : m));
  return parts.length > 0 ? parts : metrics;
}

/** What the owner meant by the base of a share ("of my takings", "of my costs", "of my income"). */
function baseOf(q: string, numerator: Metric[]): Metric {
  const after =
    /\b(?:of|on) (?:my |our |the |total )?(takings|turnover|sales|revenue|income|costs|spending|expenses|outgoings|money)\b|\bof (?:what i|what we) (take|spend|make)\b/.exec(
      q.replace(/\bas a (?:%|per ?cent(?:age)?) of\b/, 'of'),
    );
  const word = after?.[1] ?? after?.[2];
  const first = numerator[0]?.id;
  if (first === 'refunds') return { id: 'grossSales' };
  if (word === 'income') return { id: 'income' };
  if (word && /^(costs|spending|expenses|outgoings|spend)$/.test(word)) return { id: 'costs' };
  if (word && /^(takings|turnover|sales|revenue|take|make)$/.test(word)) return { id: 'revenue' };
  if (first === 'chairRent' || first === 'otherIncome') return { id: 'income' };
  return { id: 'revenue' };
}

const sentenceSplit =
  /\s*(?:[?!;]+|\.\s)\s*|\s*,?\s+(?:and|also|plus|then)\s+(?=(?:what|what's|how|how's|when|when's|which|who|is|are|did|do|does|has|have|was|were|where|any|can|could)\b)|\s*,\s*(?=(?:what|what's|how|how's|when|when's|which|who|is|are|did|do|does|has|have|was|where|any|can|could)\b)/;

/**
 * Reads one question. `previous` is the conversation's last reading: a follow-up ("and September?", "what about
 * costs?") keeps what it leaves out, and a new question with its own period does not inherit the old one.
 */
export function readQuestion(question: string, context: ReaderContext, previous: Reading | null = null): Reading {
  const q = normalise(question);
  if (has(q, PROJECTION) && !has(q, /\bvat\b|\bthreshold\b/)) return { kind: 'projection' };
  const clauses = q
    .split(sentenceSplit)
    .map((c) => c.trim())
    .filter((c) => /[a-z0-9]/.test(c));
  if (clauses.length <= 1) return readClause(q, context, previous, null);
  const parts: Reading[] = [];
  let before: Reading | null = previous;
  for (const clause of clauses) {
    const last = parts.at(-1);
    if (
      last?.kind === 'asks' &&
      last.asks[0]?.op.kind === 'rank' &&
      findPeriods(clause, { today: context.today }).length === 0 &&
      /^(?:and )?(?:how much|what) (?:did|do|have) (?:i|we) (?:take|taken|took|make|made)\b/.test(clause)
    ) {
      continue;
    }
    const part = readClause(clause, context, before, last ?? null);
    // A clause that adds nothing ("how much did I take" after "my best month this year") is answered by the one before.
    if (part.kind === 'clarify' && parts.length > 0) continue;
    parts.push(part);
    before = part;
  }
  const key = (r: Reading) =>
    JSON.stringify(r, (k, v) =>
      k === 'label' || k === 'periodDefaulted' || k === 'unit' || k === 'soFar' ? undefined : v,
    );
  const unique = parts.filter((p, i) => parts.findIndex((o) => key(o) === key(p)) === i);
  if (unique.length === 0) return readClause(q, context, previous, null);
  return unique.length === 1 ? unique[0]! : { kind: 'multi', parts: unique };
}

/** The suggestions offered when a question cannot be read: close questions the analyst can answer. */
export function suggestionsFor(q: string, metrics: Metric[], period: Period | null): string[] {
  const when = period ? period.label.replace(/ \(.*$/, '') : 'last month';
  const out: string[] = [];
  const first = metrics[0]?.id;
  if (first === 'costs' || first === 'category' || first === 'payee') {
    out.push(
      `What did I spend ${period ? `in ${when}` : 'last month'}?`,
      `What were my biggest costs ${period ? `in ${when}` : 'last month'}?`,
    );
  }
  if (/\b(?:holiday|hols|half[- ]term|break)\b/.test(q)) {
    out.push(
      'What did I take over Christmas (December 2025)?',
      'What did I take over the summer (June to August)?',
      'What did I take over the Easter weekend?',
    );
  }
  out.push(
    `What were my takings ${period ? `in ${when}` : 'last month'}?`,
    `What was my profit ${period ? `in ${when}` : 'last month'}?`,
    'How is business this month compared with last month?',
  );
  return [...new Set(out)].slice(0, 3);
}

function readClause(q: string, context: ReaderContext, previous: Reading | null, sibling: Reading | null): Reading {
  const { today } = context;
  const future = has(q, FUTURE_WORDS) && !has(q, /\b(?:last|past|previous)\b/);
  const vatTopic = has(q, /\bvat\b|\bvat ?man\b/);
  const found = findPeriods(q, {
    today,
    vatStagger: context.vatStagger,
    vatQuarters: vatTopic && context.vatStagger !== null,
    future,
    booksFrom: context.booksFrom,
  });
  const yearOnYear = has(q, YEAR_ON_YEAR);
  // "up on last year", "than this time last year": a comparison with a year before, not the calendar year 2025.
  const named =
    yearOnYear && (has(q, COMPARE_WORDS) || has(q, SHARE_WORDS))
      ? found.filter(
          (f) =>
            !f.relative &&
            !(
              f.period.unit === 'year' &&
              /\blast (?:year|yr)\b/.test(q) &&
              f.period.from.slice(0, 4) === String(Number(today.slice(0, 4)) - 1)
            ),
        )
      : found;
  const periods = resolvePeriods(named, today, previous);
  // "How did my costs compare with the month before?" with nothing before it: this month against last month.
  if (
    named.length > 0 &&
    named.every((f) => f.relative === 'before') &&
    periodsOf(previous).length === 0 &&
    has(q, COMPARE_WORDS)
  ) {
    periods.splice(0, periods.length, thisMonth(today), periods[0]!);
  }
  const ownPeriods = periods.length;
  // A clause of a longer question without a period of its own takes the period of the clause before it.
  if (periods.length === 0 && sibling && !yearOnYear) periods.push(...periodsOf(sibling));
  const { metrics: claimed, made } = findMetrics(q);
  let metrics = claimed.map((c) => c.metric);
  // "… and what % of takings was that": the parts are the clause before's.
  if (sibling?.kind === 'asks' && has(q, SHARE_WORDS) && has(q, /\b(?:that|it|this|them|those|these)\b/)) {
    metrics = [...sibling.asks.flatMap((a) => a.metrics), ...metrics];
  }
  const period = periods[0] ?? null;

  // What-ifs first: "if my landlord puts the rent up 10%" is a price, not a question about someone else.
  const whatIf = readWhatIf(q, metrics);
  if (whatIf) return { kind: 'whatIf', change: whatIf };

  // What BradeBot cannot do, whatever the figures: another business, actions, advice, the far future.
  if (has(q, OTHER_BUSINESS) && !has(q, /\bretention\b|\bcom(?:e|ing) back\b|\breturn/))
    return decline('otherBusiness');
  if (has(q, ACTION))
    return decline('action', metrics.some((m) => m.id.startsWith('vat')) || vatTopic ? 'vat' : undefined);
  if (has(q, ADVICE)) return decline('advice');

  // Periods the books cannot answer: before they begin, or not started yet.
  for (const p of periods) {
    const c = clip(p, today, context.booksFrom);
    if (c.kind === 'notStarted') {
      return {
        kind: 'decline',
        reason: has(q, FORECAST) || p.from.slice(0, 4) > today.slice(0, 4) ? 'forecast' : 'notStarted',
        period: p,
      };
    }
    if (c.kind === 'beforeBooks') return { kind: 'decline', reason: 'beforeBooks', period: p };
  }
  if (
    has(q, FORECAST) &&
    !has(
      q,
      /\b(?:this|the) month\b|\bmonth[- ]end\b|\bend of (?:the|this) month\b|\bvat threshold\b|\bthreshold\b|\bat this rate\b/,
    )
  ) {
    return decline('forecast');
  }
  if (has(q, AMBIGUOUS_PERIOD) && periods.length === 0) {
    return {
      kind: 'clarify',
      reason: 'period',
      unknown: [AMBIGUOUS_PERIOD.exec(q)![0].trim()],
      suggestions: suggestionsFor(q, metrics, null),
    };
  }

  // Who sold it, and what was sold (docs/assistant.md, "What was sold, who sold it").
  // A follow-up about the team ("and what about Jade?") keeps the period it leaves out.
  const followingTeam = previous?.kind === 'team';
  const team = readTeam(q, periods.length === 0 && followingTeam ? previous.periods : periods, followingTeam);
  if (team) return team;
  const sold = readSold(q, periods);
  if (sold) return sold;

  // Questions that name their subject: VAT, cash, goals, retention, clients' habits.
  const special = readSpecial(q, metrics, periods, context, sibling);
  if (special) return special;

  if (has(q, PRONOUN_REFERENT) && !previous && !has(q, /\bpercent|%/)) {
    return {
      kind: 'clarify',
      reason: 'referent',
      unknown: [PRONOUN_REFERENT.exec(q)![0].trim()],
      suggestions: suggestionsFor(q, metrics, period),
    };
  }

  // A payee named: the same search as the transactions behind a report line.
  const payee = payeeOf(q);
  if (payee && metrics.every((m) => m.id === 'costs' || m.id === 'revenue' || m.id === 'cardPayments'))
    metrics = [{ id: 'payee', payee }];

  // Overviews: "how's business", "how did Q3 go".
  if (
    metrics.length === 0 &&
    !has(q, COMPARE_WORDS) &&
    has(
      q,
      /\bhow(?:'s| is| are| was| were| did| has)? (?:business|things|trade|trading|it|we|i|the salon|the shop|everything|my business|my salon|the month|the year|the quarter|the summer)\b|\boverview\b|\bsummar(?:y|ise|ize)\b|\b(?:my|our) finances\b|\bmoney situation\b|\bhow am i doing\b|\b(?:go|going|gone|went|doing|been|look(?:ing)?)\s*[?.!]*$|\breview\b|\bhow did\b/,
    )
  ) {
    if (period?.unit === 'day')
      return { kind: 'asks', asks: [{ metrics: [{ id: 'revenue' }], periods: [period], op: { kind: 'value' } }] };
    return { kind: 'overview', period: period ?? null };
  }

  // A follow-up that names only a period ("and September?") or only a measure ("what about costs?").
  const followUp =
    /^(?:and|but|ok(?:ay)?(?: and)?|what about|how about|and for|and in|and what about|what of|same for|same but|now|and the|for|in)\b/.test(
      q,
    ) || q.split(' ').length <= 4;
  if (
    sibling?.kind === 'asks' &&
    sibling.asks[0]?.op.kind === 'rank' &&
    metrics.length === 0 &&
    has(q, COMPARE_WORDS) &&
    period
  ) {
    return {
      kind: 'asks',
      asks: [
        { metrics: [{ id: 'revenue' }], periods: [period], op: { kind: 'compare', why: false, withRanked: true } },
      ],
    };
  }
  if (metrics.length === 0 && ownPeriods > 0 && previous && followUp) return withPeriods(previous, periods, today);
  if (
    metrics.length > 0 &&
    periods.length === 0 &&
    previous &&
    /^(?:and|what about|how about|and what about|same for|ok and)\b/.test(q)
  ) {
    const p = periodsOf(previous);
    if (p.length > 0) periods.push(...p);
  }

  if (metrics.length === 0) {
    if (sibling && sibling.kind !== 'clarify' && has(q, /\b(?:that|it|this|them)\b/) && has(q, SHARE_WORDS)) {
      const base = baseOf(q, []);
      const asks = sibling.kind === 'asks' ? sibling.asks : [];
      const nums = asks.flatMap((a) => a.metrics);
      const ps = asks[0]?.periods ?? [];
      if (nums.length > 0) return { kind: 'asks', asks: [{ metrics: nums, periods: ps, op: { kind: 'share', base } }] };
    }
    if (sibling?.kind === 'asks' && sibling.asks[0]?.op.kind === 'rank' && has(q, COMPARE_WORDS) && period) {
      return {
        kind: 'asks',
        asks: [
          { metrics: [{ id: 'revenue' }], periods: [period], op: { kind: 'compare', why: false, withRanked: true } },
        ],
      };
    }
    if (has(q, /\b(?:stripe|square|sumup|card machines?|processors?)\b/)) {
      metrics = [{ id: 'revenue' }];
    } else if (has(q, /\bwhy\b|\bhow come\b/) && periods.length > 0) {
      metrics = [{ id: 'revenue' }, { id: 'costs' }, { id: 'profit' }];
    } else if (has(q, COMPARE_WORDS) && (periods.length > 0 || has(q, /\bthis month\b|\blast\b|\blast year\b/))) {
      metrics = [{ id: 'revenue' }, { id: 'costs' }, { id: 'profit' }];
    } else if (
      has(q, /\b(?:best|worst|busiest|quietest|slowest|strongest|weakest|biggest|top)\b/) &&
      has(q, /\bmonth|day|week\b/)
    ) {
      metrics = [{ id: 'revenue' }];
    } else {
      const unknown = unknownWords(q);
      return { kind: 'clarify', reason: 'unknown', unknown, suggestions: suggestionsFor(q, metrics, period) };
    }
  }

  const ask = readAsk(q, metrics, periods, context);
  if (made) ask.madeAmbiguous = true;
  return { kind: 'asks', asks: [ask] };
}

const decline = (reason: DeclineReason, detail?: string): Reading => ({
  kind: 'decline',
  reason,
  ...(detail ? { detail } : {}),
});

/** Words of a question the reader did not place (for "I did not understand …"). */
export function unknownWords(q: string): string[] {
  const rest = q
    .replace(FILLER, ' ')
    .replace(/[^a-z0-9' ]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 1 || /\d/.test(w));
  return rest.slice(0, 4);
}

/** Relative periods resolved against the question's own periods, else the conversation's. */
function resolvePeriods(found: Found[], today: string, previous: Reading | null): Period[] {
  const anchor = found.find((f) => !f.relative)?.period ?? periodsOf(previous)[0] ?? null;
  return found.map((f) => {
    if (f.relative === 'before') return anchor ? periodBefore(anchor, today) : f.period;
    if (f.relative === 'yearBefore') {
      if (anchor && found.some((o) => !o.relative)) return periodYearBefore(anchor, today);
      const m = addMonths(monthOf(today), -12);
      return monthsPeriod(m, m, today, 'month');
    }
    return f.period;
  });
}

/** The periods a reading is about (for follow-ups). */
export function periodsOf(reading: Reading | null): Period[] {
  if (!reading) return [];
  if (reading.kind === 'asks') return reading.asks[0]?.periods ?? [];
  if (
    reading.kind === 'overview' ||
    reading.kind === 'vat' ||
    reading.kind === 'cash' ||
    reading.kind === 'topClients' ||
    reading.kind === 'suppliers'
  )
    return reading.period ? [reading.period] : [];
  if (reading.kind === 'multi') return periodsOf(reading.parts[0] ?? null);
  if (reading.kind === 'sold' || reading.kind === 'team') return reading.periods;
  return [];
}

function withPeriods(previous: Reading, periods: Period[], today: string): Reading {
  if (previous.kind === 'asks') {
    return {
      kind: 'asks',
      asks: previous.asks.map((a) => ({
        ...a,
        periods:
          a.op.kind === 'compare' && periods.length === 1 ? [periods[0]!, periodBefore(periods[0]!, today)] : periods,
        periodDefaulted: false,
      })),
    };
  }
  if (
    previous.kind === 'overview' ||
    previous.kind === 'vat' ||
    previous.kind === 'cash' ||
    previous.kind === 'topClients'
  ) {
    return { ...previous, period: periods[0]! };
  }
  if (previous.kind === 'multi')
    return { kind: 'multi', parts: previous.parts.map((p) => withPeriods(p, periods, today)) };
  if (previous.kind === 'sold' || previous.kind === 'team') return { ...previous, periods };
  return { kind: 'overview', period: periods[0]! };
}

/** The default period of a question that names none, by what it asks (docs/assistant.md, "Periods"). */
function defaultPeriod(op: Op, metrics: Metric[], context: ReaderContext, q: string): Period[] {
  const { today } = context;
  const books = context.booksFrom ?? today;
  const first = metrics[0]?.id;
  if (first === 'payee' || first === 'vouchersOutstanding' || (first === 'clients' && op.kind === 'count'))
    return [allTime(books, today)];
  if (op.kind === 'compare') return [];
  if (
    op.kind === 'share' ||
    op.kind === 'rank' ||
    op.kind === 'breakdown' ||
    (op.kind === 'value' && op.per === 'month')
  ) {
    return [lastTwelveMonths(today)];
  }
  if (first === 'profit' || first === 'margin') {
    return has(
      q,
      /\b(?:am i|are we|is the (?:salon|business)) (?:actually |even |really )?(?:making|profitable|in profit)\b/,
    )
      ? [lastTwelveMonths(today)]
      : [thisMonth(today), lastMonth(today)];
  }
  if (
    first === 'refunds' ||
    first === 'cardPayments' ||
    first === 'vouchersSold' ||
    first === 'vouchersRedeemed' ||
    first === 'avgSpend'
  )
    return [thisMonth(today)];
  return [thisMonth(today), lastMonth(today)];
}
const lastMonth = (today: string) => {
  const m = addMonths(monthOf(today), -1);
  return monthsPeriod(m, m, today, 'month');
};

function readAsk(q: string, metrics: Metric[], periods: Period[], context: ReaderContext): Ask {
  let op: Op;
  const count = has(q, /\bhow many\b|\bnumber of\b|\bcount\b/);
  const rankDir = has(q, /\b(?:worst|quietest|slowest|weakest|lowest|least|smallest|poorest)\b/) ? 'bottom' : 'top';
  const ranking = has(
    q,
    /\b(?:best|worst|busiest|quietest|slowest|strongest|weakest|biggest|largest|highest|lowest|most|least|top|main|poorest)\b/,
  );
  const byMonth =
    has(
      q,
      /\b(?:best|worst|busiest|quietest|slowest|strongest|weakest|biggest|top|highest|lowest|most|least|poorest|cheapest|dearest)\b[a-z' ]{0,16}\bmonths?\b|\b(?:which|what|in which|the) months?\b(?! (?:so far|to date|before))|\bmonths? (?:had|was|did|with|where)\b|\bmonth ever\b/,
    ) &&
    !has(
      q,
      /\b(?:last|this|previous|current|the) month\b(?!.*\bmonths?\b.*\b(?:best|worst|busiest|quietest|most|least|highest|lowest)\b)(?![a-z ]*\b(?:had|was|did)\b)/,
    );
  const byWeekday = has(
    q,
    /\bday of the week\b|\bweekday\b|\bwhich day\b|\bwhat day\b|\bbusiest day\b|\bquietest day\b|\bdays? of the week\b|\bbest day\b|\bworst day\b|\bslowest day\b/,
  );
  const byProcessor = has(
    q,
    /\b(?:card machines?|processors?|card providers?|payment providers?|stripe|square|sumup)\b/,
  );
  if (
    has(
      q,
      /\bbreak ?down\b|\bsplit\b|\bby (?:category|type)\b|\beach (?:category|expense)\b|\bitemi[sz]e\b|\bline by line\b/,
    )
  ) {
    op = {
      kind: 'breakdown',
      by: byProcessor
        ? 'processor'
        : byWeekday
          ? 'weekday'
          : has(q, /\bby month\b|\bmonth by month\b|\beach month\b/)
            ? 'month'
            : 'category',
    };
  } else if (
    byProcessor &&
    (has(q, /\bvs\b|\bversus\b|\bcompared?\b|\beach\b|\bby\b|\bper\b/) ||
      (ranking && metrics[0]?.category === 'Card processing fees'))
  ) {
    op =
      ranking && !has(q, /\bvs\b|\bversus\b/)
        ? { kind: 'rank', dir: rankDir, by: 'processor' }
        : { kind: 'breakdown', by: 'processor' };
  } else if (has(q, SHARE_WORDS) && !has(q, /\b(?:up|down|increase|rise|cut|drop) (?:by )?\d/)) {
    const base = baseOf(q, metrics);
    op = { kind: 'share', base };
    metrics = shareNumerators(metrics, base);
  } else if (
    ranking &&
    (byMonth ||
      byWeekday ||
      ((metrics[0]?.id === 'costs' || metrics[0]?.id === 'category') &&
        has(q, /\b(?:biggest|largest|main|top|highest|most)\b/)))
  ) {
    op = { kind: 'rank', dir: rankDir, by: byWeekday ? 'weekday' : byMonth ? 'month' : 'category' };
    if (!byMonth && !byWeekday && metrics[0]?.id === 'category') metrics = [{ id: 'costs' }];
  } else if (
    periods.length >= 2 &&
    has(q, /\b(?:more|less|better|worse|higher|lower|bigger|smaller|busier|quieter)\b/)
  ) {
    op = { kind: 'compare', why: false };
  } else if (
    has(q, /\bwhy\b|\bhow come\b|\bwhat(?:'s| is| has) (?:driving|caused|causing|behind)\b|\bwhat made\b/) ||
    (has(q, COMPARE_WORDS) &&
      (periods.length >= 2 ||
        has(
          q,
          /\b(?:vs|versus|compared?|comparing|than|up on|down on|up or down|better|worse|up|down|gone up|gone down|increase|decrease|changed?|difference|grown|dropped|fallen)\b/,
        )))
  ) {
    op = { kind: 'compare', why: has(q, /\bwhy\b|\bhow come\b|\bdriving\b|\bcaused?\b|\bbehind\b|\bwhat made\b/) };
  } else if (
    has(
      q,
      /^(?:were there |have there been |did (?:i|we) (?:have|do|give) )?any\b|\blist\b|\bshow me (?:the|all|each)\b|\bwhich refunds\b/,
    ) &&
    metrics[0]?.id === 'refunds'
  ) {
    op = { kind: 'list' };
  } else if (
    count &&
    metrics.some((m) => /^(?:refunds|cardPayments|clients|newClients|vouchersSold|vouchersRedeemed)$/.test(m.id))
  ) {
    op = { kind: 'count' };
  } else if (has(q, /\b(?:a|per|each|every) day\b|\bdaily\b|\bday on average\b/)) {
    op = { kind: 'value', per: 'day' };
  } else if (has(q, /\b(?:a|per|each|every) week\b|\bweekly\b/)) {
    op = { kind: 'value', per: 'week' };
  } else if (
    has(q, /\b(?:a|per|each|every) month\b|\bmonthly\b|\bon average\b/) &&
    !metrics.some((m) => m.id === 'avgSpend')
  ) {
    op = { kind: 'value', per: 'month' };
  } else {
    op = { kind: 'value' };
  }
  if (count && op.kind === 'value' && metrics.some((m) => m.id === 'clients' || m.id === 'newClients'))
    op = { kind: 'count' };

  let ps = periods;
  let defaulted = false;
  if (
    op.kind === 'compare' ||
    (op.kind === 'share' && (has(q, YEAR_ON_YEAR) || has(q, /\b(?:than|vs|versus|compared)\b/)))
  ) {
    ps = comparePeriodsFor(q, periods, metrics, context);
  }
  if (ps.length === 0) {
    ps = defaultPeriod(op, metrics, context, q);
    defaulted = true;
  }
  // Whole months for "what do I pay a month": the last 12, else the months named.
  return { metrics, periods: ps, op, ...(defaulted ? { periodDefaulted: true } : {}) };
}

/**
 * The two periods of a comparison (docs/assistant.md, "Periods": comparisons): two named periods as named; one named period
 * against the one before it (a month so far against the same days of the month before, as the tiles do); "than last
 * year" against the same period a year before; none named: this month so far against the same days of last month,
 * or for "has … gone up", the last three whole months against the three before.
 */
function comparePeriodsFor(q: string, periods: Period[], metrics: Metric[], context: ReaderContext): Period[] {
  const { today } = context;
  const yearOnYear = has(q, YEAR_ON_YEAR);
  if (periods.length >= 2) {
    const [a, b] = periods as [Period, Period];
    // Order: the later period first.
    return a.from >= b.from ? [a, b] : [b, a];
  }
  if (periods.length === 1) {
    const p = periods[0]!;
    if (yearOnYear) return [p, periodYearBefore(p, today)];
    // "changed since the month before last": the last whole month against it.
    if (has(q, /\bsince\b/) && !p.soFar) {
      const last = addMonths(monthOf(today), -1);
      if (monthOf(p.to) < last) return [monthsPeriod(last, last, today, 'month'), p];
    }
    return [p, SO_FAR_MONTH.test(p.label) ? periodBefore(p, today) : periodBefore(p, today)];
  }
  if (yearOnYear) {
    // The months of this year the books also hold for last year, or this month so far against the same days.
    if (has(q, /\beating|\bshare|%|percent/) || metrics.some((m) => m.id === 'staffCosts' || m.id === 'wages')) {
      const last = addMonths(monthOf(today), -1);
      let first = `${today.slice(0, 4)}-01`;
      const books = context.booksFrom ? addMonths(monthOf(context.booksFrom), 12) : first;
      if (books > first) first = books;
      const a = monthsPeriod(first, last, today, 'months');
      return [a, periodYearBefore(a, today)];
    }
    const m = thisMonth(today);
    return [m, periodYearBefore(m, today)];
  }
  if (has(q, TREND_WORDS) && !has(q, /\bthis month\b|\bwhy\b/)) {
    const last = addMonths(monthOf(today), -1);
    const a = monthsPeriod(addMonths(last, -2), last, today, 'months', 'the last 3 whole months');
    const b = monthsPeriod(addMonths(last, -5), addMonths(last, -3), today, 'months', 'the 3 months before');
    return [a, b];
  }
  const m = thisMonth(today);
  return [m, periodBefore(m, today)];
}
const SO_FAR_MONTH = /so far/;

/** What-ifs: hiring, a price change, a cost cut or rise, closing a day, a margin to reach. */
function readWhatIf(q: string, metrics: Metric[]): WhatIf | null {
  const hypothetical = has(
    q,
    /\bneed to (?:take|make|earn|turn over)\b.*\bprofit\b|\bif (?:i|we|my|our|the)\b|\bwhat if\b|\bwhat happens\b|\bwhat would\b|\bsuppose\b|\bcan (?:i|we) afford\b|\bcould (?:i|we) afford\b|\bwould (?:i|we) (?:lose|save|make|gain)\b|\bhow much (?:more )?(?:do|would) (?:i|we) need to (?:take|make|earn|sell)\b|\bto get (?:a|to) \d+(?:\.\d+)?\s?%/,
  );
  if (!hypothetical) return null;
  const pct = percentOf(q);
  if (
    has(
      q,
      /\b(?:hir(?:e|ing)|take on|employ(?:ing)?|recruit(?:ing)?|another (?:stylist|staff|person|junior|therapist|barber|member)|new (?:stylist|staff member|junior|apprentice|receptionist|therapist|assistant|member of staff))\b/,
    )
  ) {
    const money = moneyOf(q.replace(/\b\d+(?:\.\d+)?\s?%/g, ''));
    const role =
      /\b(stylist|junior|apprentice|receptionist|therapist|assistant|barber|nail tech(?:nician)?|manager)\b/.exec(
        q,
      )?.[1] ?? 'member of staff';
    if (!money) return { kind: 'hire', salaryPence: 0, perYear: true, includesOnCosts: false, role };
    const perYear = money.per !== 'month' && money.per !== 'week' && money.per !== 'hour';
    const yearly =
      money.per === 'month'
        ? money.pence * 12
        : money.per === 'week'
          ? money.pence * 52
          : money.per === 'hour'
            ? 0
            : money.pence;
    return {
      kind: 'hire',
      salaryPence: yearly,
      perYear,
      includesOnCosts: has(
        q,
        /\b(?:inc|incl|including|with|plus)\.? (?:employer'?s? )?(?:ni|national insurance|pension|on[- ]?costs|everything)\b|\ball[- ]in\b|\btotal cost\b/,
      ),
      role,
    };
  }
  const weekday = WEEKDAY_WORDS.findIndex((d) => new RegExp(`\\b${d}s?\\b`).test(q));
  if (
    weekday >= 0 &&
    has(
      q,
      /\bclos(?:e|ed|ing)\b|\bshut\b|\boff\b|\bnot open\b|\bstop(?:ped)? opening\b|\bno longer open\b|\bdon't open\b|\bdrop(?:ped)?\b/,
    )
  )
    return { kind: 'closeDay', weekday };
  const profitTarget =
    /\b(?:make|get|reach|earn|clear|hit)\s+(?:a\s+)?(£?\d[\d,.]*\s?(?:k|grand|thousand)?)\s+(?:a year |a month )?(?:profit|net)\b|\bprofit of (£?\d[\d,.]*\s?(?:k|grand|thousand)?)/.exec(
      q,
    );
  if (profitTarget) {
    const target = moneyOf(profitTarget[1] ?? profitTarget[2]!);
    if (target) return { kind: 'targetProfit', pencePerYear: /\ba month\b/.test(q) ? target.pence * 12 : target.pence };
  }
  const margin =
    /(\d+(?:\.\d+)?)\s?(?:%|percent|per cent) (?:profit )?margin\b|\bmargin (?:of|to|at|up to) (\d+(?:\.\d+)?)\s?(?:%|percent)/.exec(
      q,
    );
  if (margin) return { kind: 'targetMargin', percent: Number(margin[1] ?? margin[2]) };
  if (
    has(q, /\bprices?\b|\bcharge (?:more|less)\b|\bput (?:my|our|the) prices\b|\bprice (?:rise|increase|cut)\b/) &&
    pct !== null
  ) {
    const down = has(q, /\b(?:down|cut|lower|reduce|drop|decrease|discount)\b/);
    return { kind: 'price', percent: down ? -pct : pct };
  }
  const cost = metrics.find(
    (m) => m.id === 'category' || m.id === 'costs' || m.id === 'wages' || m.id === 'staffCosts',
  );
  if (cost || has(q, /\brent\b/)) {
    const metric = cost ?? { id: 'category', category: 'Rent' };
    const down = has(q, /\b(?:cut|reduce|lower|save|trim|drop|down|decrease|less|fewer|cheaper)\b/);
    const money = pct === null ? moneyOf(q) : null;
    if (pct !== null) return { kind: 'costChange', metric, percent: down ? -pct : pct };
    if (money) {
      const monthly =
        money.per === 'year'
          ? Math.round(money.pence / 12)
          : money.per === 'week'
            ? Math.round((money.pence * 52) / 12)
            : money.pence;
      return { kind: 'costChange', metric, pencePerMonth: down ? -monthly : monthly };
    }
  }
  return null;
}

/** Questions about VAT, cash, goals, retention and clients' habits. */
function readSpecial(
  q: string,
  metrics: Metric[],
  periods: Period[],
  context: ReaderContext,
  sibling: Reading | null,
): Reading | null {
  const period = periods[0] ?? null;
  const ids = new Set<MetricId>(metrics.map((m) => m.id));
  // Cash in the bank.
  if (has(q, /\b(?:start|beginning) of (?:the|this) month\b/) && !period) periods.unshift(thisMonth(context.today));
  const on = periods[0] ?? null;
  if (
    has(
      q,
      /\b(?:in|at) the bank\b|\bbank balance\b|\b(?:my|the|our) bank (?:go|gone|went|balance|account)\b|\bbalance\b|\bcash in (?:the )?bank\b|\bin (?:my|the|our) (?:business )?(?:bank )?account\b|\bcash position\b|\bhow much cash (?:do|have)\b|\bcash (?:i have|we have)\b/,
    )
  ) {
    if (has(q, /\bvat\b/)) return { kind: 'cash', which: 'afterVat', period: null };
    if (
      has(
        q,
        /\bup or down\b|\bgo(?:ne)? (?:up|down)\b|\bchange[ds]?\b|\bby how much\b|\bincrease|\bdecrease|\bmove[ds]?\b|\bgrow|\bdrop/,
      )
    ) {
      return { kind: 'cash', which: 'change', period: period ?? lastMonth(context.today) };
    }
    if (on && has(q, /\b(?:start|beginning|end|close)\b/)) {
      return { kind: 'cash', which: has(q, /\b(?:end|close)\b/) ? 'endOf' : 'startOf', period: on };
    }
    return { kind: 'cash', which: 'balance', period: null };
  }
  // VAT. "Costs this VAT quarter" names a period, not a VAT question.
  const vatAsPeriod =
    has(q, /\bvat (?:quarter|period)s?\b/) &&
    !has(q.replace(/\bvat (?:quarter|period)s?\b/g, ''), /\bvat\b/) &&
    metrics.length > 0 &&
    metrics.every((m) => !m.id.startsWith('vat'));
  if ((has(q, /\bvat\b|\bvat ?man\b/) || has(q, /\bflat[- ]?rate\b/)) && !ids.has('grossTakings') && !vatAsPeriod) {
    if (has(q, /\bflat[- ]?rate\b/)) return { kind: 'vat', which: 'flatRate', period: null };
    if (has(q, /\bthreshold\b|\bregist(?:er|ered|ration)\b|\bover the limit\b|\bhave to register\b|\bvat limit\b/)) {
      return {
        kind: 'vat',
        which: has(q, /\bwhen\b|\bat this rate\b|\bhow long\b|\bhit\b|\breach\b/) ? 'thresholdWhen' : 'threshold',
        period: null,
      };
    }
    if (
      has(q, /\bwhen\b|\bdue date\b|\bdeadline\b|\bnext (?:vat )?(?:return|payment|bill)\b/) &&
      !has(q, /\bhow much\b/)
    ) {
      return { kind: 'vat', which: 'dueDate', period: null };
    }
    if (ids.has('vatOutput') || ids.has('vatInput') || ids.has('vatPaid')) {
      const id = ids.has('vatOutput') ? 'vatOutput' : ids.has('vatInput') ? 'vatInput' : 'vatPaid';
      if (
        id === 'vatPaid' &&
        !has(q, /\bhow much\b/) &&
        has(q, /\b(?:have|did|has) (?:i|we|it) (?:been )?paid\b|\bpaid it\b|\bbeen paid\b/) &&
        period
      )
        return { kind: 'vat', which: 'quarter', period };
      const ps = period ? periods : id === 'vatPaid' ? [yearSoFar(context.today)] : [];
      return {
        kind: 'asks',
        asks: [{ metrics: [{ id }], periods: ps, op: { kind: 'value' }, ...(period ? {} : { periodDefaulted: true }) }],
      };
    }
    if (has(q, /\bput (?:aside|away|by)\b|\bset aside\b|\bsave (?:up )?for\b|\bkeep back\b|\bput by\b/))
      return { kind: 'vat', which: 'putAside', period: null };
    if (has(q, /\bwhen\b|\bdue date\b|\bdeadline\b|\bnext (?:vat )?return\b/) && !has(q, /\bowe\b|\bhow much\b/))
      return { kind: 'vat', which: 'dueDate', period: null };
    if (period && has(q, /\bpaid\b|\bbill\b|\bquarter\b|\breturn\b/)) return { kind: 'vat', which: 'quarter', period };
    if (sibling?.kind === 'vat') return { kind: 'vat', which: 'dueDate', period: null };
    return { kind: 'vat', which: 'owed', period: null };
  }
  if (sibling?.kind === 'vat' && has(q, /\bwhen\b|\bdue\b/)) return { kind: 'vat', which: 'dueDate', period: null };
  // Goals.
  if (
    has(
      q,
      /\btargets?\b|\bgoals?\b|\bon track\b|\bon course\b|\bhit(?:ting)? (?:my|the|our) (?:target|goal)|\bwhere (?:i|we) want (?:it|them)\b|\bwhere it should be\b/,
    )
  ) {
    if (has(q, /\bhow many months\b|\bwhich months\b|\bmonths? (?:have|did) (?:i|we) (?:hit|reach|make|meet)\b/))
      return { kind: 'goal', which: 'monthsHit' };
    if (has(q, /\b(?:a|per|each) day\b|\bdaily\b/)) return { kind: 'goal', which: 'perDay' };
    if (ids.has('margin') || ids.has('profit')) return { kind: 'goal', which: 'margin' };
    if (has(q, /\bretention\b|\bcom(?:e|ing) back\b/)) return { kind: 'goal', which: 'retention' };
    if (
      has(
        q,
        /\bgoals\b|\ball (?:my|of my) (?:goals|targets)\b|\btargets\b|\bgoal progress\b|\bprogress (?:on|against|towards) (?:my )?goal/,
      )
    )
      return { kind: 'goal', which: 'all' };
    return { kind: 'goal', which: 'revenue' };
  }
  if (
    has(
      q,
      /\b(?:end of (?:the|this) month|month[- ]end|by the end of the month|at this (?:pace|rate) (?:this month|by)|on pace)\b/,
    ) &&
    !has(q, /\bvat\b/)
  ) {
    return { kind: 'projection' };
  }
  // Retention and clients' habits.
  if (
    has(
      q,
      /\bhow often\b|\bhow frequently\b|\bvisit frequency\b|\bevery how many\b|\bhow regularly\b|\bhow many times\b/,
    ) &&
    (ids.has('clients') || has(q, /\bcome (?:in|back)\b|\bvisit/))
  ) {
    return { kind: 'clientHabits', which: 'frequency', days: 90 };
  }
  const lapsed =
    /\b(?:haven'?t|have not|not|never) (?:been )?(?:back|in|seen|visited|returned|come back|been in)\b[a-z ]{0,20}?(?:(\d+|three|six|two|twelve) (months?|weeks?|days?))?|\blapsed\b|\bgone quiet\b|\bstopped coming\b|\bnot seen (?:for|in)\b|\b(?:have i|i've|we've|have we) lost\b/.exec(
      q,
    );
  if (lapsed && (ids.has('clients') || ids.has('newClients') || has(q, /\bwho\b/))) {
    const n = /(\d+|three|six|two|twelve) (months?|weeks?|days?)/.exec(q);
    const num = n ? (({ three: 3, six: 6, two: 2, twelve: 12 } as Record<string, number>)[n[1]!] ?? Number(n[1])) : 3;
    const days = !n ? 90 : /^month/.test(n[2]!) ? num * 30 : /^week/.test(n[2]!) ? num * 7 : num;
    return { kind: 'clientHabits', which: 'lapsed', days };
  }
  if (
    has(
      q,
      /\bretention\b|\bretain(?:ed|ing)?\b|\bcom(?:e|ing) back\b|\breturn(?:ing|ed)?\b|\brebook(?:ing|ed)?\b|\bloyal(?:ty)?\b|\brepeat (?:clients|customers|business|visits)\b/,
    )
  ) {
    const which = ids.has('newClients') || has(q, /\bnew\b/) ? 'new' : 'both';
    const month = periods.find((p) => p.unit === 'month')?.from.slice(0, 7) ?? null;
    return {
      kind: 'retention',
      which,
      month,
      benchmark: has(
        q,
        /\bother salons\b|\bindustry\b|\baverage\b|\bnational\b|\bcompare|\bbenchmark\b|\bnormal\b|\btypical\b|\bgood\b/,
      ),
    };
  }
  if (
    has(
      q,
      /\bsuppliers?\b|\bwho do (?:i|we) (?:pay|spend (?:with|at))(?: the)? most\b|\bwho (?:gets|takes) (?:the )?most of my money\b|\bbiggest payees?\b|\bwho (?:do|have) (?:i|we) paid (?:the )?most\b/,
    )
  ) {
    return { kind: 'suppliers', period };
  }
  if (
    has(
      q,
      /\btop \d*\s?(?:clients|customers)\b|\bbest (?:clients|customers)\b|\bbiggest spenders\b|\bwho spends? the most\b|\bmost valuable (?:clients|customers)\b|\b(?:clients|customers) (?:who )?spen[dt] the most\b/,
    )
  ) {
    const n = Number(/\btop (\d+)/.exec(q)?.[1] ?? 5);
    return { kind: 'topClients', n: Math.min(Math.max(n, 1), 10), period };
  }
  if (has(q, /\btrend\b|\btrending\b|\bover time\b/) && metrics.length <= 1)
    return { kind: 'trend', metric: metrics[0] ?? { id: 'revenue' } };
  return null;
}
