import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

export interface AuthUser {
  id: number;
  role: string;
  tokenHash: string;
}

/** 'optional' resolves a TOKEN when one is sent (e.g. to mark favourites) but never refuses. */
export type AuthLevel = 'optional' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on a route to require a session; 'admin' routes also pass the console gate (console-gate.ts). */
    auth?: AuthLevel;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export type SessionResolver = (token: string) => Promise<AuthUser | null>;

/** Reads the TOKEN header on routes that declare `config.auth`, and answers 401 请先登录 without a live session. */
export function installAuth(app: FastifyInstance, resolve: SessionResolver): void {
  app.decorateRequest('user', null);
  const authenticate = async (request: FastifyRequest, level: AuthLevel) => {
    const header = request.headers.token;
    const token = Array.isArray(header) ? header[0] : header;
    const user = token ? await resolve(token) : null;
    if (level === 'optional') {
      request.user = user;
      return;
    }
    if (!user) throw new AppError('LOGIN_REQUIRED');
    request.user = user;
  };
  // Callback style, so public routes pay for no promise on the hot path.
  app.addHook('onRequest', (request, _reply, done) => {
    const level = request.routeOptions.config.auth;
    if (!level || (level === 'optional' && !request.headers.token)) return done();
    authenticate(request, level).then(() => done(), done);
  });
}

/** The signed-in user, if any, on a route that declared `auth: 'optional'`. */
export function optionalUser(request: FastifyRequest): AuthUser | null {
  return request.user;
}

/** The signed-in user of a route that declared `config.auth`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('LOGIN_REQUIRED');
  return request.user;
}
