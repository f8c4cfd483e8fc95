import type { FastifyInstance, FastifyListenOptions, FastifyReply } from 'fastify';
import { AppError, errorBody } from './errors.ts';

/**
 * How the server listens: a burst of connections waits in the kernel's accept queue
 * (`backlog`, which the kernel caps at net.core.somaxconn; Node's default is only 511) instead
 * of being dropped and reset; admission below answers whatever is beyond what it serves.
 */
export function listenOptions(config: {
  HOST: string;
  PORT: number;
  LISTEN_BACKLOG: number;
}): FastifyListenOptions {
  return { host: config.HOST, port: config.PORT, backlog: config.LISTEN_BACKLOG };
}

export interface AdmissionState {
  /** Writes (requests other than GET/HEAD/OPTIONS) being served now. */
  running: number;
  /** Requests waiting for their turn. */
  queued: number;
  /** Requests answered SERVER_BUSY (queue full, or waited too long) since the start. */
  refused: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    admission: AdmissionState;
  }
  interface FastifyContextConfig {
    /**
     * false on a route that skips admission: the health check, and long polls that mostly
     * wait (a live room's startLongPoll holds up to 90 s, and would hold a place all along).
     */
    admission?: boolean;
  }
}

export interface AdmissionOptions {
  /** Writes served at once; later ones wait in a first-come queue. 0: no admission at all. */
  maxConcurrent: number;
  /** Writes that may wait; one more is answered 503 SERVER_BUSY at once. */
  maxQueue: number;
  /** A request that waited longer than this is answered SERVER_BUSY instead of being served. */
  queueTimeoutMs: number;
  /** Seconds a refused client is told to wait (the Retry-After header). */
  retryAfterSeconds: number;
}

interface Waiting {
  reply: FastifyReply;
  done: () => void;
  since: number;
  gone: boolean;
  onClose: () => void;
}

/**
 * Admission of requests, so that a burst is queued or refused but never reset. Every connection
 * is accepted (the listen backlog holds them until then); once a request is read (headers,
 * session and body: a slow sender holds no place), at most `maxConcurrent` writes (any method
 * but GET, HEAD and OPTIONS: orders, payments, logins — the database transactions) are served
 * at once, and the rest wait first come, first served. So under a burst the first buyers get
 * their answer early instead of every order sharing the database and all of them finishing at
 * the end, while reads (mostly cached) are not held behind the writes. Beyond `maxQueue` waiting
 * writes, or when the queue's measured throughput says it would wait longer than
 * `queueTimeoutMs` (before the client would give up), a write is answered at once with the
 * catalogue's 503 SERVER_BUSY envelope and a Retry-After header; one that still waited that
 * long is answered so when its turn comes. A write counts from this hook until its response is
 * done or its client went away; a client that leaves the queue gives its place up.
 */
export function installAdmission(app: FastifyInstance, opts: AdmissionOptions): AdmissionState {
  const state: AdmissionState = { running: 0, queued: 0, refused: 0 };
  app.decorate('admission', state);
  if (opts.maxConcurrent <= 0) return state;
  const body = JSON.stringify(errorBody(new AppError('SERVER_BUSY')));
  const retryAfter = String(opts.retryAfterSeconds);
  // A FIFO over an array: `head` moves on instead of shift() (O(1) per request).
  let waiting: Array<Waiting | undefined> = [];
  let head = 0;
  // Throughput while saturated (writes completed per ms over the last second of a queue), so a
  // write that could not be served within queueTimeoutMs is refused at once, not after waiting.
  // Measured afresh each time a queue forms: an idle time never counts as slowness.
  let windowStart = 0;
  let completed = 0;
  let rate = 0;

  const busy = (reply: FastifyReply) => {
    state.refused++;
    reply
      .code(503)
      .header('retry-after', retryAfter)
      .header('content-type', 'application/json; charset=utf-8')
      .send(body);
  };
  const release = () => {
    state.running--;
    completed++;
    if (state.queued > 0) next();
  };
  /** Predicted wait of one more write, in ms (0 while the rate is not known yet). */
  const predictedWait = (now: number) => {
    if (now - windowStart >= 1000) {
      rate = completed / (now - windowStart);
      completed = 0;
      windowStart = now;
    }
    return rate > 0 ? (state.queued + 1) / rate : 0;
  };
  const start = (reply: FastifyReply, done: () => void) => {
    state.running++;
    reply.raw.once('close', release);
    done();
  };
  function next() {
    while (state.running < opts.maxConcurrent && head < waiting.length) {
      const w = waiting[head] as Waiting;
      waiting[head++] = undefined;
      if (w.gone) continue; // left the queue: already uncounted
      state.queued--;
      w.reply.raw.removeListener('close', w.onClose);
      if (Date.now() - w.since > opts.queueTimeoutMs) busy(w.reply);
      else start(w.reply, w.done);
    }
    if (head === waiting.length) {
      waiting = [];
      head = 0;
    } else if (head > 1024 && head * 2 > waiting.length) {
      waiting = waiting.slice(head);
      head = 0;
    }
  }

  // Callback style, no promise on the hot path. preHandler: after the body is read, so that a
  // slow client holds no place while it sends; a route's own onRequest checks (auth) come first.
  app.addHook('preHandler', (request, reply, done) => {
    const method = request.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return done();
    // (routeOptions builds an object at each read: reads never get here.)
    if (request.routeOptions.config.admission === false) return done();
    if (state.running < opts.maxConcurrent && state.queued === 0) return start(reply, done);
    const now = Date.now();
    if (state.queued === 0) {
      windowStart = now;
      completed = 0;
      rate = 0;
    }
    if (state.queued >= opts.maxQueue || predictedWait(now) > opts.queueTimeoutMs) {
      return busy(reply);
    }
    const w: Waiting = {
      reply,
      done,
      since: now,
      gone: false,
      onClose: () => {
        w.gone = true;
        state.queued--;
      },
    };
    reply.raw.once('close', w.onClose);
    state.queued++;
    waiting.push(w);
  });
  return state;
}
