import { poundsToPence } from '@brade/contract';
import { answerQuestion } from '../../assistant/analyst.js';
import type { TestServer } from '../test-server.js';
import { DEV_ANSWERS, type Want } from './dev-answers.js';
import { devApi, type Range } from './dev-api.js';
import devQuestions from './dev-questions.json' with { type: 'json' };

/**
 * Marks the built-in analyst on the development questions (dev-questions.json; docs/assistant.md, "How it is
 * measured"): each answer is right (every expected figure, percentage, count and word, nothing false), a wrong figure
 * (a stated amount the books do not give for what was asked), declined (no figure: never wrong, never right unless a
 * decline was wanted), or an answer to a different question (neither right nor declined).
 */
export interface DevQuestion {
  id: string;
  question: string;
  topic: string;
  /** A follow-up: the question asked just before it in the same conversation. */
  after?: string;
}

export const DEV_QUESTIONS: DevQuestion[] = devQuestions;

export type Verdict = 'right' | 'wrong figure' | 'declined' | 'different question';

export interface DevMarked {
  id: string;
  question: string;
  answer: string;
  verdict: Verdict;
  problems: string[];
  ms: number;
}

const moneyIn = (text: string) =>
  [...text.matchAll(/([-−])?£(\d[\d,]*(?:\.\d+)?)(k)?/g)].map((m) =>
    poundsToPence(Number(m[2]!.replace(/,/g, '')) * (m[3] ? 1000 : 1)),
  );
const percentsIn = (text: string) => [...text.matchAll(/(\d+(?:\.\d+)?)%/g)].map((m) => Number(m[1]));
/** "July to September 2026" and "July–September 2026" are the same words. */
const same = (t: string) => t.toLowerCase().replace(/ to /g, '–').replace(/[–-]/g, '–').replace(/\s+/g, ' ');
const near = (a: number, b: number) => Math.abs(Math.abs(a) - Math.abs(b)) <= 1;

type Answerer = (
  ctx: { db: TestServer['ctx']['database']['db']; userId: string; today: string; now: Date },
  question: string,
  previous?: Awaited<ReturnType<typeof answerQuestion>>['intent'],
) => Promise<{ text: string; declined: boolean; intent?: Awaited<ReturnType<typeof answerQuestion>>['intent'] }>;

export function devMarker(server: TestServer, today: string, now: Date, answer: Answerer = answerQuestion) {
  async function support(api: ReturnType<typeof devApi>, ranges: Range[]): Promise<number[]> {
    const each: number[][] = [];
    for (const r of ranges) {
      const [rev, other, costs, gross, staff] = await Promise.all([
        api.revenue(r),
        api.otherIncome(r),
        api.costs(r),
        api.grossTakings(r),
        api.staff(r),
      ]);
      each.push([
        rev,
        other,
        costs,
        gross,
        staff,
        rev + other,
        rev + other - costs,
        ...(await api.byCategory(r)).map(([, v]) => v),
      ]);
    }
    // Two periods compared: the differences between their figures are figures of the question too.
    const differences = each.length === 2 ? each[0]!.slice(0, 7).map((v, i) => v - each[1]![i]!) : [];
    return [...each.flat(), ...differences];
  }

  async function mark(
    salon: { id: string; token: string },
    only?: string[],
    set: { questions: DevQuestion[]; answers: Record<string, (api: ReturnType<typeof devApi>) => Promise<Want>> } = {
      questions: DEV_QUESTIONS,
      answers: DEV_ANSWERS,
    },
  ): Promise<DevMarked[]> {
    const api = devApi(server, salon, today);
    const out: DevMarked[] = [];
    for (const q of set.questions) {
      if (only && !only.includes(q.id)) continue;
      const want: Want = await set.answers[q.id]!(api);
      const ctx = { db: server.ctx.database.db, userId: salon.id, today, now };
      // A follow-up is asked after the question it follows, in the same conversation.
      const before = q.after ? (await answer(ctx, q.after)).intent : undefined;
      const started = performance.now();
      const reply = await answer(ctx, q.question, before);
      const ms = performance.now() - started;
      const money = moneyIn(reply.text);
      const percents = percentsIn(reply.text);
      const problems: string[] = [];
      if (want.decline) {
        if (!reply.declined) problems.push('should decline or ask back');
        if (money.length > 0) problems.push('a declined question states a figure');
      } else {
        for (const p of want.must ?? [])
          if (!money.some((m) => near(m, p))) problems.push(`missing £${(p / 100).toFixed(2)}`);
        for (const p of want.percents ?? [])
          if (!percents.some((x) => Math.abs(x - p) <= 0.1)) problems.push(`missing ${p}%`);
        for (const c of want.counts ?? [])
          if (!new RegExp(`\\b${c.toLocaleString('en-GB')}\\b`).test(reply.text)) problems.push(`missing count ${c}`);
      }
      for (const w of want.words ?? []) {
        const options = Array.isArray(w) ? w : [w];
        if (!options.some((o) => same(reply.text).includes(same(o))))
          problems.push(`missing words “${options.join('” or “')}”`);
      }
      let wrong: string[] = [];
      if (!want.decline && !reply.declined) {
        const must = want.must ?? [];
        const allowed = [
          ...must,
          must.reduce((a, b) => a + b, 0),
          ...(want.may ?? []),
          ...(await support(api, want.ranges ?? [])),
        ];
        // A figure no call serves exactly is checked within what the served figures it comes from allow.
        const approx = want.approx ?? [];
        // Figures in the words `unserved` names are the ones no call serves at all: left out of the check, and named.
        const checked = want.unserved ? moneyIn(reply.text.replace(want.unserved, '')) : money;
        wrong = checked
          .filter(
            (m) => !allowed.some((a) => near(a, m)) && !approx.some(([a, tol]) => Math.abs(Math.abs(a) - m) <= tol),
          )
          .map((m) => `£${(m / 100).toFixed(2)}`);
      }
      const verdict: Verdict =
        wrong.length > 0
          ? 'wrong figure'
          : problems.length === 0
            ? 'right'
            : reply.declined
              ? 'declined'
              : 'different question';
      out.push({
        id: q.id,
        question: q.question,
        answer: reply.text,
        verdict,
        problems: [...problems, ...wrong.map((w) => `figure ${w} not in the books for this question`)],
        ms,
      });
    }
    return out;
  }
  return { mark };
}
