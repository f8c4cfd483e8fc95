import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

/**
 * Fire-and-forget notices between server processes (cache invalidation, later chat fan-out).
 * In-process in embedded mode; Redis pub/sub in cluster mode, where a publisher also hears itself.
 */
export interface Bus {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}

export class MemoryBus implements Bus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  async publish(channel: string, message: string) {
    this.emitter.emit(channel, message);
  }
  async subscribe(channel: string, handler: (message: string) => void) {
    this.emitter.on(channel, handler);
  }
  async close() {
    this.emitter.removeAllListeners();
  }
}

export class RedisBus implements Bus {
  private readonly handlers = new Map<string, Array<(message: string) => void>>();

  constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly prefix = 'bus:',
  ) {
    sub.on('message', (channel: string, message: string) => {
      const name = channel.slice(this.prefix.length);
      for (const handler of this.handlers.get(name) ?? []) handler(message);
    });
  }

  async publish(channel: string, message: string) {
    await this.pub.publish(this.prefix + channel, message);
  }

  async subscribe(channel: string, handler: (message: string) => void) {
    const list = this.handlers.get(channel);
    if (list) list.push(handler);
    else {
      this.handlers.set(channel, [handler]);
      await this.sub.subscribe(this.prefix + channel);
    }
  }

  async close() {
    this.handlers.clear();
  }
}
