/**
 * Per key, lets concurrent async tasks pass one point in the order they started: a task takes its
 * turn when it starts, does its own awaits alongside the others, then waits for the tasks before it
 * to pass (or fail) before it goes on. Used where checks with awaits come before an ordered step,
 * such as a sender's group messages, checked concurrently but queued for storage in send order.
 */
export class Turns {
  private tails = new Map<string, Promise<void>>();

  take(key: string): Turn {
    const before = this.tails.get(key) ?? Promise.resolve();
    let pass!: () => void;
    const mine = new Promise<void>((resolve) => {
      pass = resolve;
    });
    this.tails.set(key, mine);
    return {
      ready: before,
      // A task that fails early still passes only after those before it, or the next would overtake them.
      done: () => {
        void before.then(() => {
          pass();
          if (this.tails.get(key) === mine) this.tails.delete(key);
        });
      },
    };
  }
}

export interface Turn {
  /** Settles when every task that took a turn earlier has called `done`. */
  ready: Promise<void>;
  /** Lets the next task pass; call it exactly once, also when this task failed. */
  done: () => void;
}
