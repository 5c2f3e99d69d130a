import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StripeCaller } from './stripe-auth';
import { authenticate } from './stripe-auth';
import type { StripeContext } from './stripe-context';
import { sendStripeError } from './stripe-errors';
import { type ListSpec, listStripeObjects } from './stripe-list';
import { buildStripeLedger, type StripeLedger, type StripeObject } from './stripe-objects';
import { stripeObject } from './stripe-templates';

const EMPTY_LEDGER: StripeLedger = { charges: [], refunds: [], payouts: [], balanceTransactions: [] };

interface Resource {
  path: string;
  noun: string;
  pick: (ledger: StripeLedger) => StripeObject[];
  equalityFilters: Record<string, string>;
  rangeFilters: string[];
}

const RESOURCES: Resource[] = [
  {
    path: '/v1/balance_transactions',
    noun: 'balance transaction',
    pick: (ledger) => ledger.balanceTransactions,
    equalityFilters: { type: 'type', source: 'source', currency: 'currency', payout: '_payout' },
    rangeFilters: ['created'],
  },
  {
    path: '/v1/charges',
    noun: 'charge',
    pick: (ledger) => ledger.charges,
    equalityFilters: { customer: 'customer', payment_intent: 'payment_intent' },
    rangeFilters: ['created'],
  },
  {
    path: '/v1/refunds',
    noun: 'refund',
    pick: (ledger) => ledger.refunds,
    equalityFilters: { charge: 'charge', payment_intent: 'payment_intent' },
    rangeFilters: ['created'],
  },
  {
    path: '/v1/payouts',
    noun: 'payout',
    pick: (ledger) => ledger.payouts,
    equalityFilters: { status: 'status', destination: 'destination' },
    rangeFilters: ['created', 'arrival_date'],
  },
];

/** Fields starting with `_` are the simulator's bookkeeping, never sent. */
function publicView(item: StripeObject): StripeObject {
  const view: StripeObject = { id: item.id, object: item.object, created: item.created };
  for (const [name, value] of Object.entries(item)) if (!name.startsWith('_')) view[name] = value;
  return view;
}

/**
 * `expand[]=data.source` (lists) or `expand[]=source` (retrieve): replace an id field with its object. Stripe takes
 * every form its form encoding allows: `expand[]=`, `expand[0]=` (what stripe-node sends) and a bare `expand=`.
 */
function expansions(query: unknown, prefix: string): string[] {
  const record = (query ?? {}) as Record<string, unknown>;
  const values = Object.entries(record)
    .filter(([name]) => /^expand(\[\d*\])?$/.test(name))
    .flatMap(([, raw]) => (Array.isArray(raw) ? raw : [raw]));
  return values
    .filter((value): value is string => typeof value === 'string' && value.startsWith(prefix))
    .map((value) => value.slice(prefix.length));
}

function expand(item: StripeObject, fields: string[], byId: Map<string, StripeObject>): StripeObject {
  const view = publicView(item);
  for (const name of fields) {
    const value = view[name];
    if (typeof value === 'string' && byId.has(value)) view[name] = publicView(byId.get(value)!);
  }
  return view;
}

/**
 * A list page as JSON, each object's text (its public fields, expanded as asked) made once per ledger and expansion:
 * the same bytes as serialising the whole page, without rebuilding and re-serialising objects that every import
 * run (and every retry of a page) asks for again.
 */
function listJson(
  body: { data: StripeObject[]; has_more: boolean; url: string },
  texts: Map<StripeObject, string>,
  render: (item: StripeObject) => StripeObject,
): string {
  const data = body.data.map((item) => {
    let text = texts.get(item);
    if (text === undefined) {
      text = JSON.stringify(render(item));
      texts.set(item, text);
    }
    return text;
  });
  return `{"object":"list","data":[${data.join(',')}],"has_more":${body.has_more},"url":${JSON.stringify(body.url)}}`;
}

export function registerStripeApiRoutes(app: FastifyInstance, context: StripeContext): void {
  // The ledger is a pure function of (merchant seed, now); keep the last one built, with its objects' JSON texts.
  let last: {
    key: string;
    ledger: StripeLedger;
    index?: Map<string, StripeObject>;
    texts: Map<string, Map<StripeObject, string>>;
  } | null = null;
  const ledgerFor = (caller: StripeCaller): StripeLedger => {
    if (caller.kind === 'platform') return EMPTY_LEDGER;
    const account = context.state.accounts.get(caller.accountId)!;
    const now = context.clock.now();
    const key = `${account.seed}|${now.getTime()}`;
    if (last?.key !== key) {
      last = { key, ledger: buildStripeLedger(context.data.dataFor(account.seed, now), now), texts: new Map() };
    }
    return last.ledger;
  };
  /** The JSON texts of this ledger's objects with these expansions (a throwaway map for any other ledger). */
  const textsOf = (ledger: StripeLedger, fields: string[]): Map<StripeObject, string> => {
    if (last?.ledger !== ledger) return new Map();
    const key = fields.join(',');
    let texts = last.texts.get(key);
    if (!texts) {
      texts = new Map();
      last.texts.set(key, texts);
    }
    return texts;
  };
  const indexOf = (ledger: StripeLedger) => {
    if (last?.ledger === ledger && last.index) return last.index;
    const index = new Map(
      [...ledger.charges, ...ledger.refunds, ...ledger.payouts, ...ledger.balanceTransactions].map((item) => [
        item.id,
        item,
      ]),
    );
    if (last?.ledger === ledger) last.index = index;
    return index;
  };

  for (const resource of RESOURCES) {
    app.get(resource.path, async (request: FastifyRequest, reply: FastifyReply) => {
      const caller = authenticate(request, reply, context);
      if (!caller) return reply;
      const ledger = ledgerFor(caller);
      const spec: ListSpec = {
        url: resource.path,
        items: resource.pick(ledger),
        equalityFilters: resource.equalityFilters,
        rangeFilters: resource.rangeFilters,
        noun: resource.noun,
      };
      const outcome = listStripeObjects(request.query, spec);
      if (!outcome.ok)
        return sendStripeError(reply, outcome.error.status, { type: 'invalid_request_error', ...outcome.error });
      const fields = expansions(request.query, 'data.');
      const byId = fields.length > 0 ? indexOf(ledger) : new Map<string, StripeObject>();
      const json = listJson(outcome.body, textsOf(ledger, fields), (item) => expand(item, fields, byId));
      return reply.type('application/json; charset=utf-8').send(json);
    });

    app.get(
      `${resource.path}/:id`,
      async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
        const caller = authenticate(request, reply, context);
        if (!caller) return reply;
        const ledger = ledgerFor(caller);
        const item = resource.pick(ledger).find((candidate) => candidate.id === request.params.id);
        if (!item) {
          return sendStripeError(reply, 404, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'id',
            message: `No such ${resource.noun}: '${request.params.id}'`,
          });
        }
        return expand(item, expansions(request.query, ''), indexOf(ledger));
      },
    );
  }

  app.get('/v1/account', async (request, reply) => {
    const caller = authenticate(request, reply, context);
    if (!caller) return reply;
    const id = caller.kind === 'account' ? caller.accountId : 'acct_1SandboxBradePlatform';
    const login = caller.kind === 'account' ? context.state.accounts.get(id)?.login : 'platform@brade.example';
    return stripeObject('account', {
      id,
      business_profile: { name: caller.kind === 'account' ? 'Sandbox Salon' : 'Brade (sandbox platform)', mcc: '7230' },
      charges_enabled: true,
      country: 'GB',
      default_currency: 'gbp',
      details_submitted: true,
      email: login,
      payouts_enabled: true,
      type: 'standard',
    });
  });
}
