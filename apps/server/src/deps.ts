import type { DB } from './database.ts';
import type { PlatformDeps } from './platform/deps.ts';
import type { DomainEvents as PlatformDomainEvents } from './platform/domain-events.ts';

/** The platform pieces every module is built from, typed on this app's database. */
export type Deps = PlatformDeps<DB>;

/** Transactional hooks between modules; a handler gets the producer's transaction on the whole database. */
export type DomainEvents = PlatformDomainEvents<DB>;
