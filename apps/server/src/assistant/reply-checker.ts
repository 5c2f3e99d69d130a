/**
 * The check a model's reply passes before it is shown (docs/assistant.md, "The reply checker"): every money figure
 * and percentage must be one of that turn's tool results (to the penny, rounded to the pound, or to three
 * significant figures as in "£45.8k"; percentages to one decimal), or derived from two of them the way an owner would
 * check it: a sum or a difference of two amounts, one amount as a percentage of another, or the percent change from
 * one to another. It may hold no URL, e-mail address or phone number that the tool results do not hold outside
 * transaction text.
 */
export interface Verdict {
  ok: boolean;
  problems: string[];
}

const MONEY = /([-−])?£\s?(\d[\d,]*(?:\.\d+)?)(?:\s?(k|m|thousand|million)\b)?/gi;
const POUNDS_WORD = /\b(\d[\d,]*(?:\.\d+)?)\s?(?:pounds|gbp)\b/gi;
const PERCENT = /([-−+])?(\d+(?:\.\d+)?)\s?(%|per ?cent)/gi;
const URL =
  /\b(?:https?:\/\/|www\.)[^\s<>"')]+|\b[a-z0-9-]+\.(?:com|co\.uk|org|net|io|uk|info|biz|xyz|ru|link|ly)\b(?:\/[^\s<>"')]*)?/gi;
const EMAIL = /\b[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}\b/gi;
const PHONE = /(?:\+44\s?|\b0)(?:\d[\s-]?){9,10}\b/g;

/** Fields of a tool result that carry transaction text: data to quote, never a source of links to repeat. */
const TEXT_FIELDS = new Set(['description', 'counterparty', 'text', 'name', 'line', 'category']);

interface Allowed {
  pence: Set<number>;
  percents: number[];
  contacts: string;
}

/** Sums and differences of two amounts, and the shares and changes between them (docs/assistant.md). */
function derive(allowed: Allowed): Allowed {
  const amounts = [...allowed.pence].filter((p) => p !== 0).slice(0, 400);
  const pence = new Set(allowed.pence);
  const percents = [...allowed.percents];
  for (let i = 0; i < amounts.length; i++) {
    for (let j = 0; j < amounts.length; j++) {
      if (i === j) continue;
      const [a, b] = [amounts[i]!, amounts[j]!];
      if (i < j) {
        pence.add(a + b);
        pence.add(Math.abs(a - b));
      }
      percents.push(Math.round((a / b) * 1000) / 10, Math.round((Math.abs(a - b) / b) * 1000) / 10);
    }
  }
  return { pence, percents, contacts: allowed.contacts };
}

function collect(results: unknown[]): Allowed {
  const pence = new Set<number>();
  const percents: number[] = [];
  const contacts: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'number' && Number.isFinite(value)) {
      if (/pence$/i.test(key)) pence.add(Math.abs(Math.round(value)));
      else if (/percent/i.test(key)) percents.push(Math.abs(value));
      else if (/pounds$|amount$/i.test(key)) pence.add(Math.abs(Math.round(value * 100)));
      return;
    }
    if (typeof value === 'string') {
      if (!TEXT_FIELDS.has(key)) contacts.push(value);
      return;
    }
    if (Array.isArray(value)) for (const v of value) walk(v, key);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  for (const r of results) walk(r, '');
  return { pence, percents, contacts: contacts.join('\n').toLowerCase() };
}

const threeSignificant = (pence: number) => {
  const pounds = pence / 100;
  if (pounds === 0) return 0;
  const digits = Math.floor(Math.log10(Math.abs(pounds))) + 1;
  const factor = 10 ** (digits - 3);
  return Math.round(pounds / factor) * factor;
};

/** Does a stated amount in pounds match a tool figure, exactly, to the pound, or to three significant figures? */
function moneyMatches(stated: number, exactText: boolean, allowed: Set<number>): boolean {
  const statedPence = Math.round(Math.abs(stated) * 100);
  for (const p of allowed) {
    if (p === statedPence) return true;
    if (!exactText && Math.round(p / 100) === Math.abs(stated)) return true;
    if (Math.abs(threeSignificant(p) - Math.abs(stated)) < 1e-6 * Math.max(1, Math.abs(stated))) return true;
  }
  return false;
}

export function checkReply(reply: string, toolResults: unknown[]): Verdict {
  const allowed = derive(collect(toolResults));
  const problems: string[] = [];
  for (const m of reply.matchAll(MONEY)) {
    const scale = m[3] ? (/^(k|thousand)$/i.test(m[3]) ? 1_000 : 1_000_000) : 1;
    const value = Number(m[2]!.replace(/,/g, '')) * scale;
    const hasPence = /\.\d{2}$/.test(m[2]!) && scale === 1;
    if (!moneyMatches(value, hasPence, allowed.pence)) problems.push(`figure ${m[0]} is not in the tool results`);
  }
  for (const m of reply.matchAll(POUNDS_WORD)) {
    const value = Number(m[1]!.replace(/,/g, ''));
    if (!moneyMatches(value, /\.\d{2}$/.test(m[1]!), allowed.pence))
      problems.push(`figure ${m[0]} is not in the tool results`);
  }
  for (const m of reply.matchAll(PERCENT)) {
    const value = Number(m[2]);
    const ok = allowed.percents.some((p) => Math.round(p * 10) === Math.round(value * 10));
    if (!ok) problems.push(`percentage ${m[0]} is not in the tool results`);
  }
  for (const re of [URL, EMAIL, PHONE]) {
    for (const m of reply.matchAll(re)) {
      if (!allowed.contacts.includes(m[0].toLowerCase())) problems.push(`${m[0]} is not in the tool results`);
    }
  }
  return { ok: problems.length === 0, problems };
}
