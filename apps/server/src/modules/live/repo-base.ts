import type { DB, Db } from '../../database.ts';
import { narrowDb } from '../../platform/db.ts';
import type { LiveDb, LiveSchema } from './live.tables.ts';

/**
 * What every live repository shares: the live tables (and read views) its queries may name, and a
 * transaction on the app's database, because a live service's unit of work also posts to the
 * ledger and emits events; it hands the transaction back to a repo through `narrowDb`.
 */
export abstract class LiveRepoBase {
  readonly db: LiveDb;
  readonly #app: Db;

  constructor(app: Db) {
    this.db = narrowDb<LiveSchema, DB>(app);
    this.#app = app;
  }

  transaction<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    return this.#app.transaction().execute(fn);
  }
}

/** The live module's repositories, one per concern. */
export interface LiveRepos {
  rooms: import('./rooms/rooms.repo.ts').RoomsRepo;
  shelf: import('./rooms/shelf.repo.ts').ShelfRepo;
  audience: import('./audience/audience.repo.ts').AudienceRepo;
  hosts: import('./hosts/hosts.repo.ts').HostsRepo;
  gifts: import('./gifts/gifts.repo.ts').GiftsRepo;
}
