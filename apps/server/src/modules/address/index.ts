import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import { AddressRepo } from './address.repo.ts';
import { addressRoutes } from './address.routes.ts';
import { AddressService } from './address.service.ts';
import { Regions } from './regions.ts';

/** The address module's services, exposed to other modules (orders snapshot an address). */
export interface AddressModule {
  addresses: AddressService;
}

/** Delivery addresses and the province / city / district picker. */
export async function registerAddressModule(
  app: FastifyInstance,
  deps: Deps,
): Promise<AddressModule> {
  const addresses = new AddressService(new AddressRepo(narrowDb(deps.db)), new Regions());
  await addressRoutes(app, addresses);
  return { addresses };
}
