import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import type { AddressModule } from '../address/index.ts';
import type { CartModule } from '../cart/index.ts';
import type { CatalogueModule } from '../catalogue/index.ts';
import type { UserModule } from '../user/index.ts';

/** Orders, payment (balance ledger and sandbox gateway) and the order lifecycle. */
export async function registerOrderModule(
  _app: FastifyInstance,
  _deps: Deps,
  _uses: {
    catalogue: CatalogueModule;
    addresses: AddressModule;
    cart: CartModule;
    users: UserModule;
  },
): Promise<void> {}
