import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { openaiSimulator, type RecordedRequest } from './openai-simulator';

async function simulator() {
  const recorded: RecordedRequest[] = [];
  const app = Fastify();
  await app.register(openaiSimulator(recorded));
  const post = (body: unknown, authorization = 'Bearer sk-test') =>
    app.inject({ method: 'POST', url: '/v1/chat/completions', headers: { authorization }, payload: body as object });
  return { app, post, recorded };
}

describe('the OpenAI-compatible simulator', () => {
  it('calls a tool chosen from the question, then answers from the tool result in pounds', async () => {
    const { post } = await simulator();
    const question = { role: 'user', content: 'How did my costs compare with last month?' };
    const first = (await post({ model: 'm', messages: [question] })).json();
    const call = first.choices[0].message.tool_calls[0];
    expect(first.choices[0].finish_reason).toBe('tool_calls');
    expect(call.function.name).toBe('compare_periods');
    expect(JSON.parse(call.function.arguments)).toMatchObject({ measure: 'expenses' });
    const result = {
      data: {
        currentPence: 976_699,
        previousPence: 992_659,
        differencePence: -15_960,
        current: { period: { label: 'October 2026' } },
        previous: { period: { label: 'September 2026' } },
      },
    };
    const second = (
      await post({
        model: 'm',
        messages: [
          question,
          { role: 'assistant', content: null, tool_calls: [call] },
          { role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) },
        ],
      })
    ).json();
    expect(second.choices[0].message.content).toBe(
      'It was £9,766.99 in October 2026 against £9,926.59 in September 2026, a change of £159.60.',
    );
  });

  it("scripts a tool call for each of BradeBot's answer kinds", async () => {
    const { post } = await simulator();
    const cases: Array<[string, string, Record<string, unknown>?]> = [
      ['What % of my takings goes on card fees?', 'ask_books'],
      ['What if I hire a stylist at £24k?', 'ask_books'],
      ['Best month this year?', 'ask_books'],
      ['How many card payments in October?', 'measure', { metric: 'cardPayments' }],
      ['What did customers pay me inc vat?', 'measure', { metric: 'grossTakings' }],
      ['Any refunds this month?', 'measure', { metric: 'refunds' }],
      ['How many gift vouchers did we sell?', 'measure', { metric: 'vouchersSold' }],
      ['How much have I paid myself?', 'measure', { metric: 'ownerMoney' }],
      ['Are my clients coming back?', 'retention'],
      ['Which card machine costs most?', 'card_processors'],
      ['Busiest weekday?', 'by_weekday'],
      ['How much is in the bank?', 'cash_in_the_bank'],
      ['How much VAT do I owe?', 'vat_position'],
      ['Am I on track for my target?', 'goal_progress'],
      ['How much did colour bring in last month?', 'sales_by_category'],
      ['Which stylist took the most in October?', 'team_sales'],
      ['How many clients did I have in October?', 'clients'],
    ];
    for (const [content, tool, args] of cases) {
      const call = (await post({ model: 'm', messages: [{ role: 'user', content }] })).json().choices[0].message
        .tool_calls[0];
      expect(call.function.name, content).toBe(tool);
      if (args) expect(JSON.parse(call.function.arguments), content).toMatchObject(args);
    }
  });

  it('refuses a missing key and streaming, and scripts 500 and 429', async () => {
    const { post } = await simulator();
    const messages = [{ role: 'user', content: 'revenue' }];
    expect((await post({ messages }, '')).statusCode).toBe(401);
    expect((await post({ messages, stream: true })).statusCode).toBe(400);
    expect((await post({ messages: [{ role: 'user', content: '[sim:500] revenue' }] })).statusCode).toBe(500);
    const limited = await post({ messages: [{ role: 'user', content: '[sim:429] revenue' }] });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('20');
  });
});
