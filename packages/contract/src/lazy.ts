import { z } from 'zod';

/**
 * A value built on first use rather than as its module loads: the contract's schemas are declared with it, so a page
 * that imports the endpoint tables builds only the schemas its calls read (docs/api-contract.md, "Schemas built on
 * first use"). What it returns stands for what `build` returns, with its type: reading, testing or changing anything
 * on it (`parse`, `shape`, `instanceof z.ZodObject`, which zod answers from `_zod`) builds it first. From then on the
 * stand-in forwards to its own properties without a trap, and is itself the schema: zod makes it again from the
 * built schema's definition, so that what zod keys by identity (what `toJSONSchema` has seen, a parent's reference,
 * the registry's metadata) meets the one object every module holds. A plain object is copied.
 */
export function lazy<T extends object>(build: () => T): T {
  const stand = {} as T;
  const handler: ProxyHandler<T> = {};
  const proxy = new Proxy(stand, handler);
  let building = false;
  const ensure = () => {
    if (building) throw new Error('a lazy value was read while it was being built: its build refers to itself');
    building = true;
    let built: T;
    try {
      built = build();
    } finally {
      building = false;
    }
    for (const trap of TRAPS) delete handler[trap];
    Object.setPrototypeOf(stand, Object.getPrototypeOf(built));
    const internals = (built as { _zod?: { constr?: unknown; def?: unknown } })._zod;
    if (typeof internals?.constr === 'function') {
      // zod's constructor, called on the stand-in as `this`: a schema is all in its definition.
      Reflect.apply(internals.constr, proxy, [internals.def]);
      const meta = z.globalRegistry.get(built as unknown as z.ZodType);
      if (meta) z.globalRegistry.add(proxy as unknown as z.ZodType, meta);
    } else {
      Object.defineProperties(stand, Object.getOwnPropertyDescriptors(built));
    }
  };
  for (const trap of TRAPS) {
    // biome-ignore lint/suspicious/noExplicitAny: each trap forwards its own arguments to its Reflect twin.
    (handler as any)[trap] = (_: T, ...args: unknown[]) => {
      ensure();
      // biome-ignore lint/suspicious/noExplicitAny: as above.
      return (Reflect as any)[trap](stand, ...args);
    };
  }
  return proxy;
}

const TRAPS = [
  'get',
  'set',
  'has',
  'ownKeys',
  'getOwnPropertyDescriptor',
  'defineProperty',
  'deleteProperty',
  'getPrototypeOf',
  'setPrototypeOf',
  'isExtensible',
  'preventExtensions',
] as const satisfies readonly (keyof ProxyHandler<object>)[];
