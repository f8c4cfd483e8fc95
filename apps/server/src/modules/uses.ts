import type { AccessModule } from './access/index.ts';
import type { AddressModule } from './address/index.ts';
import type { CartModule } from './cart/index.ts';
import type { CatalogueModule } from './catalogue/index.ts';
import type { LedgerModule } from './ledger/index.ts';
import type { OrderModule } from './order/index.ts';
import type { UserModule } from './user/index.ts';

/** The services of the first modules, for the modules built on them. */
export interface ModuleUses {
  users: UserModule;
  catalogue: CatalogueModule;
  addresses: AddressModule;
  cart: CartModule;
  order: OrderModule;
  /** The kernel ledger: postings, balances and the bill reads. */
  ledger: LedgerModule;
  /** The console's access model: the audit port every console write records through. */
  access: AccessModule;
}
