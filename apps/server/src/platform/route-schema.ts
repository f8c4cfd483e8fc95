import { ErrorEnvelope, Ok } from '@chaopin/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';

/** The response map of a route: its success envelope, and the error envelope for every failure. */
export function responses<T extends TSchema>(data: T) {
  return { 200: Ok(data), '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };
}

export type TypedApp = ReturnType<FastifyInstance['withTypeProvider']> & FastifyInstance;

export function typed(app: FastifyInstance) {
  return app.withTypeProvider<TypeBoxTypeProvider>();
}

export const API = '/chaopin-boot/api/v1';
