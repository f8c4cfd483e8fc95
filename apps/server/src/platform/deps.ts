import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Config } from '../config/index.ts';
import type { BlobStore } from './blob-store.ts';
import type { Bus } from './bus.ts';
import type { DbKind } from './db.ts';
import type { DomainEvents } from './domain-events.ts';
import type { RateLimitStore } from './rate-limit.ts';
import type { SmsSender } from './sms.ts';

/**
 * The stateful pieces every module is built from; each has an embedded and a cluster implementation.
 * Typed on the app's tables by deps.ts beside app.ts (the platform does not know the modules).
 */
export interface PlatformDeps<Tables> {
  config: Config;
  db: Kysely<Tables>;
  dbKind: DbKind;
  rateLimit: RateLimitStore;
  /** The cluster's Redis connection (commands, not pub/sub); absent in the embedded mode. */
  redis?: Redis;
  bus: Bus;
  blobs: BlobStore;
  sms: SmsSender;
  log: FastifyBaseLogger;
  /** Transactional hooks between modules (e.g. order paid → message). */
  events: DomainEvents<Tables>;
  /** HMAC key for stored secrets; see app-secret.ts. */
  secret: string;
}
