import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';

// biome-ignore lint/suspicious/noEmptyInterface: the address module's services, exposed to other modules
export interface AddressModule {}

/** Delivery addresses. */
export async function registerAddressModule(
  _app: FastifyInstance,
  _deps: Deps,
): Promise<AddressModule> {
  return {};
}
