import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Sweeps } from './sweeps.js';

const silent = pino({ level: 'silent' });

describe('the sweep registry', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs each sweep at start, then on its own cadence', async () => {
    const sweeps = new Sweeps(silent);
    const runs = { fast: 0, slow: 0 };
    sweeps.add('fast', 1_000, async () => void runs.fast++);
    sweeps.add('slow', 10_000, async () => void runs.slow++);
    sweeps.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual({ fast: 1, slow: 1 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toEqual({ fast: 11, slow: 2 });
    await sweeps.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual({ fast: 11, slow: 2 });
  });

  it('never overlaps two runs of one sweep: a call during a run shares it', async () => {
    const sweeps = new Sweeps(silent);
    let started = 0;
    let finish: () => void = () => {};
    sweeps.add('slow', 100, () => {
      started += 1;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    const first = sweeps.run('slow');
    const second = sweeps.run('slow');
    expect(second).toBe(first);
    expect(started).toBe(1);
    finish();
    await first;
    // Once it has ended, the next call starts a run of its own.
    const third = sweeps.run('slow');
    expect(third).not.toBe(first);
    expect(started).toBe(2);
    finish();
    await third;
  });

  it('logs a failed run and runs again at the next tick', async () => {
    const errors: unknown[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void errors.push(JSON.parse(line)) });
    const sweeps = new Sweeps(log);
    let runs = 0;
    sweeps.add('flaky', 1_000, async () => {
      runs += 1;
      if (runs === 1) throw new Error('database gone');
    });
    sweeps.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
    expect(errors).toMatchObject([{ sweep: 'flaky', msg: 'sweep failed' }]);
    await sweeps.stop();
  });

  it('waits at stop for the run under way', async () => {
    const sweeps = new Sweeps(silent);
    let done = false;
    sweeps.add('long', 1_000, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      done = true;
    });
    sweeps.start();
    const stopped = sweeps.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    await stopped;
    expect(done).toBe(true);
  });

  it('refuses a second sweep of the same name and a run of an unknown one', () => {
    const sweeps = new Sweeps(silent);
    sweeps.add('mail-delivery', 1_000, async () => {});
    expect(() => sweeps.add('mail-delivery', 5, async () => {})).toThrow('already registered');
    expect(() => sweeps.run('nothing')).toThrow('no sweep named nothing');
  });
});
