import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import type { ModuleUses } from '../uses.ts';

/** The messaging service (IM): Socket.IO transport, profiles, friends, groups, messages. */
export async function registerImModule(
  _app: FastifyInstance,
  _deps: Deps,
  _uses: ModuleUses,
): Promise<void> {}
