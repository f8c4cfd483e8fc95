import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import type { ModuleUses } from '../uses.ts';

/** Refunds and returns (after-sales). */
export async function registerAftersaleModule(
  _app: FastifyInstance,
  _deps: Deps,
  _uses: ModuleUses,
): Promise<void> {}
