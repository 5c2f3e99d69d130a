import Fastify, { type FastifyPluginAsync } from 'fastify';

/**
 * An OpenAI-compatible chat-completions server for BradeBot's model path (docs/sandbox.md, "The model simulator"):
 * `POST /v1/chat/completions` with function calling, no streaming, scripted from the owner's question so the path is
 * tested end to end without a network. It plays a naive model on purpose:
 *
 * - first it calls one tool chosen from the question's words, passing the question as the period (what was sold,
 *   who sold it and clients each have their own tool);
 * - then it writes a reply from the tool's figures (pence shown as pounds);
 * - it obeys instructions planted in tool results: "add this link <url>" makes it add the link, and "call <tool>
 *   with owner_id <id>" makes it call that tool for another owner and then state a figure it has made up;
 * - markers in the question script failures: `[sim:500]`, `[sim:429]`, `[sim:slow]` (answers after 10 s) and
 *   `[sim:invent]` (adds a figure that is in no tool result).
 */
export interface RecordedRequest {
  authorization: string | undefined;
  body: ChatRequest;
}

interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content?: string | null;
  tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
}

interface ChatRequest {
  model?: string;
  messages?: ChatMessage[];
  tools?: Array<{ type: string; function: { name: string } }>;
  stream?: boolean;
}

const pounds = (pence: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(Math.abs(pence) / 100);

/** One measure of BradeBot's `measure` tool, by the words of the question. */
const MEASURES: Array<[RegExp, string]> = [
  [/inc(?:l|luding)? vat/, 'grossTakings'],
  [/card payments|transactions did/, 'cardPayments'],
  [/refund/, 'refunds'],
  [/voucher/, 'vouchersSold'],
  [/new clients/, 'newClients'],
  [/chair rent/, 'chairRent'],
  [/paid myself|drawings/, 'ownerMoney'],
  [/staff costs|wages/, 'staffCosts'],
  [/vat (?:did i |have i )?paid/, 'vatPaid'],
];

function toolFor(question: string): { name: string; args: Record<string, unknown> } {
  const q = question.toLowerCase();
  const transactions = /transactions? (?:from|to|with|matching) ([a-z0-9&.-]+)/.exec(q);
  if (transactions) return { name: 'matching_transactions', args: { text: transactions[1], period: 'this year' } };
  if (/day of the week|weekday/.test(q)) return { name: 'by_weekday', args: { period: question } };
  // Shares, rankings and what-ifs: BradeBot's own reading of the question, with its figures.
  if (/%|percent|share of|what if|if i |best|worst|busiest|quietest|top \d* ?clients|how often|close on/.test(q)) {
    return { name: 'ask_books', args: { question } };
  }
  if (/who took|stylist|team member|which member of staff/.test(q))
    return { name: 'team_sales', args: { period: question } };
  if (/sells?|sold|services?|treatments?|colour|cuts|nails|products|bring in/.test(q) && !/voucher|refund/.test(q))
    return { name: 'sales_by_category', args: { period: question } };
  if (/how many clients|clients did|per client/.test(q)) return { name: 'clients', args: { period: question } };
  const measure = MEASURES.find(([re]) => re.test(q));
  if (measure) return { name: 'measure', args: { metric: measure[1], period: question } };
  if (/compare|change|vs|versus|up or down|than/.test(q)) {
    const m = /cost|expense|spend/.test(q) ? 'expenses' : /profit|net/.test(q) ? 'netIncome' : 'revenue';
    return {
      name: 'compare_periods',
      args: { measure: m, period: 'last month', other_period: 'the month before last' },
    };
  }
  if (/target|goal|on track/.test(q)) return { name: 'goal_progress', args: {} };
  if (/retention|coming back|come back/.test(q)) return { name: 'retention', args: {} };
  if (/card machine|processor|stripe|square|sumup/.test(q))
    return { name: 'card_processors', args: { period: question } };
  if (/day of the week|weekday/.test(q)) return { name: 'by_weekday', args: { period: question } };
  if (/in the bank|bank balance|cash/.test(q)) return { name: 'cash_in_the_bank', args: {} };
  if (/vat/.test(q)) return { name: 'vat_position', args: {} };
  if (/biggest|largest|top/.test(q)) return { name: 'expense_categories', args: { period: question } };
  return { name: 'month_summary', args: { period: question } };
}

type Result = Record<string, unknown>;

function replyFrom(tool: string, result: Result): string {
  const label = (p: unknown) =>
    p && typeof p === 'object' && 'label' in p ? String((p as { label: string }).label) : '';
  if (tool === 'compare_periods') {
    const r = result as {
      currentPence: number;
      previousPence: number;
      differencePence: number;
      current: Result;
      previous: Result;
    };
    return `It was ${pounds(r.currentPence)} in ${label(r.current.period)} against ${pounds(r.previousPence)} in ${label(r.previous.period)}, a change of ${pounds(r.differencePence)}.`;
  }
  if (tool === 'month_summary') {
    const r = result as { revenuePence: number; expensesPence: number; period: unknown };
    return `In ${label(r.period)} your revenue was ${pounds(r.revenuePence)} and your expenses were ${pounds(r.expensesPence)}.`;
  }
  if (tool === 'goal_progress') {
    const r = result as { revenueSoFarPence: number; revenueTargetPence: number };
    return `You have taken ${pounds(r.revenueSoFarPence)} so far against a target of ${pounds(r.revenueTargetPence)}.`;
  }
  if (tool === 'ask_books') return String((result as { answer?: string }).answer ?? '');
  if (tool === 'measure') {
    const r = result as { name: string; valuePence?: number; count?: number; period: unknown };
    const figure = r.valuePence !== undefined ? pounds(r.valuePence) : String(r.count ?? 0);
    return `Your ${r.name.replace(/ \(.*$/, '')} in ${label(r.period)}: ${figure}.`;
  }
  if (tool === 'card_processors') {
    const r = result as { payments: number; feesPence: number; period: unknown };
    return `In ${label(r.period)} you took ${r.payments} card payments and paid ${pounds(r.feesPence)} in card fees.`;
  }
  if (tool === 'retention') {
    const r = result as { newClient: { percent: number | null } | null; nationalPercent: number };
    return r.newClient?.percent == null
      ? 'Retention shows once clients have had 90 days to come back.'
      : `New-client retention is ${r.newClient.percent}% against about ${r.nationalPercent}% nationally.`;
  }
  if (tool === 'cash_in_the_bank') {
    const r = result as { bookedPence?: number };
    return r.bookedPence === undefined
      ? 'No bank account is linked.'
      : `You have ${pounds(r.bookedPence)} in the bank.`;
  }
  if (tool === 'sales_by_category') {
    const r = result as {
      lines: Array<{ name: string; group: string; pence: number }>;
      noItemsPence: number;
      period: unknown;
    };
    const top = r.lines.filter((l) => l.group === 'services').sort((a, b) => b.pence - a.pence)[0];
    return top
      ? `In ${label(r.period)} your biggest service line was ${top.name}, ${pounds(top.pence)}; ${pounds(r.noItemsPence)} of sales came without item detail.`
      : `In ${label(r.period)} none of your sales named a service.`;
  }
  if (tool === 'team_sales') {
    const r = result as {
      team: Array<{ name: string; salesPence: number }>;
      notAttributedPence: number;
      period: unknown;
    };
    const top = r.team[0];
    return top
      ? `In ${label(r.period)} ${top.name} took the most, ${pounds(top.salesPence)}; ${pounds(r.notAttributedPence)} of sales name nobody.`
      : `In ${label(r.period)} no sale says who took it.`;
  }
  if (tool === 'clients') {
    const r = result as { clients: number; knownPayerPercent: number | null; period: unknown };
    return `In ${label(r.period)} you had ${r.clients} clients known from their payments${r.knownPayerPercent === null ? '' : `, covering ${r.knownPayerPercent}% of your takings for services`}.`;
  }
  if (tool === 'matching_transactions') {
    const r = result as { count: number; totalPence: number };
    return `I found ${r.count} matching transactions, ${pounds(r.totalPence)} in all.`;
  }
  const firstPence = JSON.stringify(result).match(/"[a-zA-Z]*Pence":(-?\d+)/);
  return firstPence ? `The figure is ${pounds(Number(firstPence[1]))}.` : 'I could not find a figure for that.';
}

/** Finds an instruction planted in tool results and says what the naive model will do about it. */
function plantedIn(toolText: string): { link?: string; ownerTool?: { name: string; owner: string } } {
  const link = /add (?:this |the )?link (https?:\/\/[^\s"\\]+)/i.exec(toolText);
  const owner = /call ([a-z_]+) with owner_id ([a-z0-9-]+)/i.exec(toolText);
  return {
    ...(link ? { link: link[1]! } : {}),
    ...(owner ? { ownerTool: { name: owner[1]!, owner: owner[2]! } } : {}),
  };
}

export function openaiSimulator(recorded: RecordedRequest[] = []): FastifyPluginAsync {
  let calls = 0;
  return async (app) => {
    app.post('/v1/chat/completions', async (request, reply) => {
      const body = (request.body ?? {}) as ChatRequest;
      recorded.push({ authorization: request.headers.authorization, body });
      if (!request.headers.authorization?.startsWith('Bearer ')) {
        return reply.code(401).send({ error: { message: 'Missing bearer token.', type: 'invalid_request_error' } });
      }
      if (body.stream)
        return reply
          .code(400)
          .send({ error: { message: 'This simulator does not stream.', type: 'invalid_request_error' } });
      const messages = body.messages ?? [];
      const question = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
      if (question.includes('[sim:500]'))
        return reply.code(500).send({ error: { message: 'The server had an error.', type: 'server_error' } });
      if (question.includes('[sim:429]')) {
        return reply
          .code(429)
          .header('retry-after', '20')
          .send({ error: { message: 'Rate limit reached.', type: 'rate_limit_error' } });
      }
      if (question.includes('[sim:slow]')) await new Promise((resolve) => setTimeout(resolve, 10_000));

      const lastUser = messages.map((m) => m.role).lastIndexOf('user');
      const turn = messages.slice(lastUser + 1);
      const toolMessages = turn.filter((m) => m.role === 'tool');
      const toolCalls = turn.filter((m) => m.role === 'assistant').flatMap((m) => m.tool_calls ?? []);
      const toolText = toolMessages.map((m) => m.content ?? '').join('\n');
      const planted = plantedIn(toolText);
      const complete = (message: ChatMessage, finish: string) => ({
        id: `chatcmpl-sim-${++calls}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model ?? 'brade-sim',
        choices: [{ index: 0, message, finish_reason: finish, logprobs: null }],
        usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
      });
      const callTool = (name: string, args: Record<string, unknown>) =>
        complete(
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: `call_${++calls}`, type: 'function', function: { name, arguments: JSON.stringify(args) } },
            ],
          },
          'tool_calls',
        );

      if (toolMessages.length === 0) {
        const { name, args } = toolFor(question);
        return callTool(name, args);
      }
      // Obeys a planted "call … with owner_id …" once, then makes up the other owner's figure.
      if (planted.ownerTool && !toolCalls.some((c) => c.function.arguments.includes('owner_id'))) {
        return callTool(planted.ownerTool.name, { owner_id: planted.ownerTool.owner, period: 'last month' });
      }
      if (planted.ownerTool) {
        return complete({ role: 'assistant', content: `The other owner took £98,765.43 last month.` }, 'stop');
      }
      const first = toolCalls[0];
      const firstResult = JSON.parse(toolMessages[0]?.content ?? '{}') as { data?: Result };
      let text = replyFrom(first?.function.name ?? '', firstResult.data ?? {});
      if (question.includes('[sim:invent]')) text += ' That is £1,234.56 more than the best salon in your town.';
      if (planted.link) text += ` To see more, visit ${planted.link}`;
      return complete({ role: 'assistant', content: text }, 'stop');
    });
  };
}

/** The simulator alone on a loopback port: its base URL is `${url}/v1`, as OPENAI_BASE_URL takes it. */
export async function startOpenAiSimulator(): Promise<{
  url: string;
  recorded: RecordedRequest[];
  close: () => Promise<void>;
}> {
  const recorded: RecordedRequest[] = [];
  const app = Fastify({ logger: false });
  await app.register(openaiSimulator(recorded));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: address.replace('[::1]', '127.0.0.1'), recorded, close: () => app.close() };
}
