import type { Db } from '../../database.ts';

/** What every live repository shares: the database and a transaction on it. */
export abstract class LiveRepoBase {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
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
