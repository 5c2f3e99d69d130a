import { createHash } from 'node:crypto';

/**
 * Seeded randomness. Every stream is keyed by a label such as (seed, 'day', date), so a record never depends on how
 * many random numbers an earlier day or an earlier call consumed: this is what makes the data range-independent.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by relative weight. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  poisson(mean: number): number;
  /** A string of `length` characters drawn from `alphabet`. */
  chars(alphabet: string, length: number): string;
}

/** sfc32 (Chris Doty-Humphrey's Small Fast Counting generator): fast, 128-bit state, good statistical quality. */
class Sfc32 implements Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(a: number, b: number, c: number, d: number) {
    this.a = a | 0;
    this.b = b | 0;
    this.c = c | 0;
    this.d = d | 0;
    for (let i = 0; i < 12; i++) this.next();
  }

  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const w of weights) total += w;
    let target = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      target -= weights[i]!;
      if (target < 0) return items[i]!;
    }
    return items[items.length - 1]!;
  }

  poisson(mean: number): number {
    if (mean <= 0) return 0;
    if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal(() => this.next())));
    const limit = Math.exp(-mean);
    let count = 0;
    for (let product = this.next(); product > limit; product *= this.next()) count += 1;
    return count;
  }

  chars(alphabet: string, length: number): string {
    // Built from char codes in one go: `+=` would leave a chain of tiny string pieces per id (~1 KB each).
    const codes = new Array<number>(length);
    for (let i = 0; i < length; i++) codes[i] = alphabet.charCodeAt(Math.floor(this.next() * alphabet.length));
    return String.fromCharCode(...codes);
  }
}

export function randomFromWords(a: number, b: number, c: number, d: number): Random {
  return new Sfc32(a, b, c, d);
}

function normal(next: () => number): number {
  const u = 1 - next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
}

/** Four 32-bit words of sha256 over the parts, for seeding a stream or a fast per-client hash. */
export function hashWords(...parts: (string | number)[]): [number, number, number, number] {
  const digest = createHash('sha256').update(parts.join('\u001f')).digest();
  return [digest.readUInt32LE(0), digest.readUInt32LE(4), digest.readUInt32LE(8), digest.readUInt32LE(12)];
}

export function randomFor(...parts: (string | number)[]): Random {
  return randomFromWords(...hashWords(...parts));
}

/**
 * A cheap 32-bit mix of two integers (murmur3's finaliser), for decisions made millions of times, such as "does this
 * client's k-th visit include a treatment", where a sha256 per decision would cost seconds.
 */
export function mix32(key: number, value: number): number {
  let h = (key ^ Math.imul(value, 0x9e3779b1)) | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** mix32 as a number in [0, 1). */
export function unit(key: number, value: number): number {
  return mix32(key, value) / 4_294_967_296;
}

export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const UPPER_ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const BASE64URL = `${BASE62}-_`;
export const HEX = '0123456789abcdef';
