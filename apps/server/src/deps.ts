import type { DB } from './database.ts';
import type { PlatformDeps } from './platform/deps.ts';
import type {
  DomainEventHandler,
  DomainEventType,
  DomainEvents as PlatformDomainEvents,
} from './platform/domain-events.ts';

/** The platform pieces every module is built from, typed on this app's database. */
export type Deps = PlatformDeps<DB>;

/** Transactional hooks between modules; a handler gets the producer's transaction on the whole database. */
export type DomainEvents = PlatformDomainEvents<DB>;

/** One module's step in the handler of an event type (see modules/reactions.ts). */
export type Reaction<T extends DomainEventType = DomainEventType> = DomainEventHandler<DB, T>;
