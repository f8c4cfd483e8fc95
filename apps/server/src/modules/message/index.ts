import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import type { ModuleUses } from '../uses.ts';

/** System notices and order messages written by domain events. */
export async function registerMessageModule(
  _app: FastifyInstance,
  _deps: Deps,
  _uses: ModuleUses,
): Promise<void> {}
