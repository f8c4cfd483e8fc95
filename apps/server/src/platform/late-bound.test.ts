import { describe, expect, it } from 'vitest';
import { assertBound, lateBound } from './late-bound.ts';

interface Counter {
  add(n: number): number;
  readonly total: number;
}

class Tally implements Counter {
  total = 0;
  add(n: number) {
    this.total += n;
    return this.total;
  }
}

describe('lateBound', () => {
  it('forwards every call and read to the provider bound later, with the provider as this', () => {
    const late = lateBound<Counter>('test: counter');
    const consumer = { counter: late.port }; // constructed before the provider exists
    const tally = new Tally();
    late.bind(tally);
    expect(consumer.counter.add(2)).toBe(2);
    expect(consumer.counter.add(3)).toBe(5);
    expect(consumer.counter.total).toBe(5);
    expect(tally.total).toBe(5);
  });

  it('calls a port that is itself a function', async () => {
    const late = lateBound<(userId: number) => Promise<boolean>>('test: check');
    late.bind(async (userId) => userId === 7);
    expect(await late.port(7)).toBe(true);
    expect(await late.port(8)).toBe(false);
  });

  it('throws, naming the port, when used before it is bound or bound twice', () => {
    const late = lateBound<Counter>('test: counter');
    expect(() => late.port.add(1)).toThrow('late-bound port "test: counter" used before');
    late.bind(new Tally());
    expect(() => late.bind(new Tally())).toThrow('"test: counter" bound twice');
  });

  it('assertBound names the ports never bound', () => {
    const ports = { a: lateBound<Counter>('a'), b: lateBound<Counter>('b') };
    ports.a.bind(new Tally());
    expect(() => assertBound(ports)).toThrow('late-bound ports never bound: b');
    ports.b.bind(new Tally());
    expect(() => assertBound(ports)).not.toThrow();
  });
});
