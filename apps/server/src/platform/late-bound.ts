/**
 * A port whose provider is built after its consumer: the one way app.ts breaks a construction
 * cycle. The order module is built before the coupon, promotion, seckill, live… modules and they
 * are built on it, yet it calls ports they provide; the catalogue is built before the orders it
 * asks "has this user paid for an order?".
 *
 * The consumer is constructed with `port`, a stand-in of the port's own type, and never knows the
 * difference. app.ts binds the provider once, while it assembles the app; every member read or
 * call on the stand-in goes to the provider bound at that moment. Used before it is bound, or
 * bound twice, it throws, naming the port; `assertBound` makes an unbound one fail the boot.
 */
export interface LateBound<T extends object> {
  /** Names the port in errors ("order ← coupon: coupons"). */
  readonly name: string;
  /** The stand-in handed to the consumer's constructor. */
  readonly port: T;
  readonly bound: boolean;
  /** Binds the provider (once, during assembly). */
  bind(provider: T): void;
}

export function lateBound<T extends object>(name: string): LateBound<T> {
  let provider: T | undefined;
  const resolve = (): T => {
    if (provider === undefined) {
      throw new Error(`late-bound port "${name}" used before app assembly bound it`);
    }
    return provider;
  };
  // A function as the target, so that a port which is itself a function can be called.
  const stand = new Proxy<object>(() => undefined, {
    get(_target, key) {
      // Symbols (inspection, iteration) of an unbound stand-in are not a use of the port.
      if (provider === undefined && typeof key === 'symbol') return undefined;
      const p = resolve();
      const value: unknown = Reflect.get(p, key);
      return typeof value === 'function' ? value.bind(p) : value;
    },
    apply(_target, thisArg, args) {
      const p = resolve();
      if (typeof p !== 'function') throw new TypeError(`late-bound port "${name}" is no function`);
      return Reflect.apply(p, thisArg, args);
    },
  });
  return {
    name,
    port: stand as T,
    get bound() {
      return provider !== undefined;
    },
    bind(p: T) {
      if (provider !== undefined) throw new Error(`late-bound port "${name}" bound twice`);
      provider = p;
    },
  };
}

/** Throws, naming them, unless every port of the record is bound (app.ts, once assembled). */
export function assertBound(ports: Readonly<Record<string, LateBound<object>>>): void {
  const unbound = Object.values(ports)
    .filter((p) => !p.bound)
    .map((p) => p.name);
  if (unbound.length) throw new Error(`late-bound ports never bound: ${unbound.join(', ')}`);
}
