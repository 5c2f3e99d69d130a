import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazy } from './lazy.js';

/** A few schemas that refer to each other, declared as the contract declares them, built by `wrap`. */
function schemas(wrap: <T extends object>(build: () => T) => T) {
  const Line = wrap(() => z.object({ description: z.string(), amount: z.number(), note: z.string().optional() }));
  const shared = wrap(() => ({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), count: z.number().int().min(0) }));
  const orNull = wrap(() =>
    z
      .string()
      .nullable()
      .optional()
      .transform((value) => value ?? null),
  );
  const Answer = wrap(() =>
    z.object({
      lines: z.array(Line),
      hint: orNull,
      also: z.preprocess((value) => value ?? null, Line.nullable()),
      first: Line.nullable(),
      extended: Line.extend({ paid: z.boolean() }).optional(),
      kind: z
        .discriminatedUnion('type', [
          wrap(() => z.object({ type: z.literal('sale'), ...shared })),
          z.object({ type: z.literal('refund'), reason: z.string().min(1, 'Say why.') }),
        ])
        .optional(),
    }),
  );
  const Request = wrap(() =>
    z
      .object({ from: z.string(), to: z.string() })
      .refine((r) => r.from <= r.to, { message: 'From must come first.', path: ['from'] }),
  );
  return { Line, Answer, Request };
}

const INPUTS = [
  { lines: [{ description: 'Cut', amount: 30 }], first: null },
  { lines: [{ description: 1 }], first: { description: 'x' } },
  { lines: [], first: null, extended: { description: 'x', amount: 1, paid: 'yes' } },
  { lines: [], first: null, kind: { type: 'sale', day: '2026-01-01', count: 2 } },
  { lines: [], first: null, kind: { type: 'sale', day: '1 Jan', count: -1 } },
  { lines: [], first: null, kind: { type: 'refund', reason: '' } },
  { lines: [], first: null, kind: { type: 'gift' } },
  { lines: [], first: null, hint: 3, also: { description: 'x', amount: 'y' } },
  { lines: [], first: null, hint: 'h', also: { description: 'x', amount: 2 } },
  null,
];

describe('lazy', () => {
  it('builds a schema on first use, once, and not before', () => {
    const build = vi.fn(() => z.object({ a: z.string() }));
    const schema = lazy(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.parse({ a: 'x' })).toEqual({ a: 'x' });
    expect(schema.safeParse({}).success).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('parses, refuses and describes exactly as the schemas built at once do', () => {
    const now = schemas((build) => build());
    const later = schemas(lazy);
    for (const input of INPUTS) {
      expect(JSON.stringify(later.Answer.safeParse(input))).toBe(JSON.stringify(now.Answer.safeParse(input)));
    }
    const request = { from: '2026-02-01', to: '2026-01-01' };
    expect(JSON.stringify(later.Request.safeParse(request))).toBe(JSON.stringify(now.Request.safeParse(request)));
    for (const io of ['input', 'output'] as const) {
      const options = { io, unrepresentable: 'any' } as const;
      expect(z.toJSONSchema(later.Answer, options)).toEqual(z.toJSONSchema(now.Answer, options));
      expect(z.toJSONSchema(later.Request, { io, target: 'openapi-3.0' })).toEqual(
        z.toJSONSchema(now.Request, { io, target: 'openapi-3.0' }),
      );
    }
  });

  it('answers instanceof and reads its shape as the schema it stands for', () => {
    const { Line } = schemas(lazy);
    expect(Line instanceof z.ZodObject).toBe(true);
    expect(Line instanceof z.ZodPipe).toBe(false);
    expect(lazy(() => z.string().transform(Number)) instanceof z.ZodPipe).toBe(true);
    expect(Object.keys(Line.shape)).toEqual(['description', 'amount', 'note']);
    expect(Object.keys({ ...lazy(() => ({ a: 1, b: 2 })) })).toEqual(['a', 'b']);
  });

  it('says so when a build reads its own value', () => {
    const self: z.ZodType = lazy(() => z.object({ again: self.optional() }));
    expect(() => self.parse({})).toThrow(/refers to itself/);
  });

  it('leaves the contract’s schemas unbuilt when its modules load', async () => {
    vi.resetModules();
    const define = Object.defineProperty;
    let made = 0;
    // zod's constructor defines `_zod` once on every schema it makes.
    Object.defineProperty = ((target, key, descriptor) => {
      if (key === '_zod') made++;
      return define(target, key, descriptor);
    }) as typeof Object.defineProperty;
    try {
      const contract = await import('./index.js');
      expect(made).toBe(0);
      contract.API.ledger.getCurrentMonthSalesTotal.answer.safeParse({ value: 1, percent_change: null });
      expect(made).toBeGreaterThan(0);
    } finally {
      Object.defineProperty = define;
    }
  });
});
