import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import type { ModuleUses } from '../uses.ts';

/** Logistics tracking, automatic receipt and writing evaluations. */
export async function registerLogisticsModule(
  _app: FastifyInstance,
  _deps: Deps,
  _uses: ModuleUses,
): Promise<void> {}
