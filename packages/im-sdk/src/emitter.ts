import { KNOWN_EVENTS } from './constants.ts';
import { TimError } from './errors.ts';
import type { Listener } from './types.ts';

/** TIM's event API (on, off, once) and its instance settings (log level, plugins). */
export class TimEmitter {
  private readonly listeners = new Map<string, Set<Listener>>();
  /** TIM's log level (0 verbose … 4 error, 5 none); the SDK itself logs nothing. */
  logLevel = 0;
  private readonly plugins: Record<string, unknown> = {};

  /** TIM's names only (TIM.EVENT): a misspelt name throws instead of never firing. */
  on(name: string, fn: Listener) {
    if (!KNOWN_EVENTS.has(name))
      throw TimError.of('IM_UNKNOWN_EVENT', { params: { event: String(name) } });
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    set.add(fn);
  }

  off(name: string, fn: Listener) {
    this.listeners.get(name)?.delete(fn);
  }

  /** A listener called at most once. */
  once(name: string, fn: Listener) {
    const wrapper: Listener = (event) => {
      this.off(name, wrapper);
      fn(event);
    };
    this.on(name, wrapper);
  }

  protected emit(name: string, data: unknown) {
    for (const fn of [...(this.listeners.get(name) ?? [])]) {
      try {
        fn({ name, data });
      } catch {
        // A listener's bug must not break delivery to the others.
      }
    }
  }

  protected clearListeners() {
    this.listeners.clear();
  }

  /** TIM's levels 0-5; kept for getLogLevel-style checks (this SDK writes no log). */
  setLogLevel(level: number) {
    if (Number.isInteger(level) && level >= 0 && level <= 5) this.logLevel = level;
  }

  /**
   * TIM's plugins, e.g. `{ 'tim-upload-plugin': TIMUploadPlugin }`: accepted and kept. Uploads
   * are built in (they go to this server), so an upload plugin is not needed and not used.
   */
  registerPlugin(plugins: Record<string, unknown>) {
    if (plugins && typeof plugins === 'object') Object.assign(this.plugins, plugins);
  }

  getPlugin(name: string): unknown {
    return this.plugins[name];
  }
}
