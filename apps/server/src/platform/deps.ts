import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import type { Bus } from './bus.ts';
import type { Db, DbKind } from './db.ts';
import type { DomainEvents } from './domain-events.ts';
import type { RateLimitStore } from './rate-limit.ts';
import type { SmsSender } from './sms.ts';

/** The stateful pieces every module is built from; each has an embedded and a cluster implementation. */
export interface Deps {
  config: Config;
  db: Db;
  dbKind: DbKind;
  rateLimit: RateLimitStore;
  bus: Bus;
  blobs: BlobStore;
  sms: SmsSender;
  log: FastifyBaseLogger;
  /** Transactional hooks between modules (e.g. order paid → message). */
  events: DomainEvents;
  /** HMAC key for stored secrets; see app-secret.ts. */
  secret: string;
}
