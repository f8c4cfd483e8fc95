import { ANY_STAFF_PERMISSION, holds } from '@chaopin/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser } from './auth.ts';
import { AppError } from './errors.ts';

/** A console user's role and reach, resolved once per request on `auth: 'admin'` routes. */
export interface StaffGrant {
  role: 'operator' | 'owner' | 'staff' | 'agent';
  /** The stores this account may see and change; null = every store (the platform operator). */
  storeIds: readonly number[] | null;
  permissions: ReadonlySet<string>;
}

/** Who makes a console call: the grant, the user and the address the audit log records. */
export interface ConsoleActor extends StaffGrant {
  userId: number;
  ip: string;
}

/** A route's `perm` that any console role passes (e.g. `admin/me`). */
export const ANY_STAFF = ANY_STAFF_PERMISSION;

export type StaffResolver = (user: AuthUser) => Promise<StaffGrant | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** On an `auth: 'admin'` route: the permission it needs (none given: the operator's `*`). */
    perm?: string;
  }
  interface FastifyRequest {
    staff: StaffGrant | null;
  }
  interface FastifyInstance {
    /** Every console route and the permission it needs (for the permission-matrix test and docs). */
    consoleRoutes: ConsoleRoute[];
  }
}

export interface ConsoleRoute {
  method: string;
  url: string;
  /** undefined: the platform operator only. */
  perm: string | undefined;
}

/**
 * Checks every `auth: 'admin'` route against the caller's console role: no role or a missing
 * permission answers 403 无权进行此操作 (`admin/me` says 该账号没有后台权限). Store scope is the handler's to
 * apply (through `consoleActor` and `assertStore`), as only it knows the row's store.
 */
export function installConsoleGate(app: FastifyInstance, resolve: StaffResolver): void {
  app.decorateRequest('staff', null);
  const routes: ConsoleRoute[] = [];
  app.decorate('consoleRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (route.config?.auth !== 'admin') return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, perm: route.config.perm });
    }
  });
  app.addHook('preValidation', async (request) => {
    const config = request.routeOptions.config;
    if (config.auth !== 'admin' || !request.user) return;
    const grant = await resolve(request.user);
    const perm = config.perm ?? '*';
    // A shopper learns only that it may not (the console's who-am-I says why: no console role).
    if (!grant) throw new AppError(perm === ANY_STAFF ? 'NOT_STAFF' : 'FORBIDDEN');
    if (perm !== ANY_STAFF && !holds(grant.permissions, perm)) throw new AppError('FORBIDDEN');
    request.staff = grant;
  });
}

/** The console caller of a route that declared `auth: 'admin'`. */
export function consoleActor(request: FastifyRequest): ConsoleActor {
  if (!request.user || !request.staff) throw new AppError('NOT_STAFF');
  return { ...request.staff, userId: request.user.id, ip: request.ip };
}

/** Whether the actor may see rows of `storeId`. */
export function inScope(actor: StaffGrant, storeId: number | null | undefined): boolean {
  if (actor.storeIds === null) return true;
  return storeId != null && actor.storeIds.includes(storeId);
}

/**
 * Refuses a row of another store as if it did not exist (no probing of other stores' ids).
 * `notFound` is the resource's own 404 id.
 */
export function assertStore(
  actor: StaffGrant,
  storeId: number | null | undefined,
  notFound: ConstructorParameters<typeof AppError>[0] = 'NOT_FOUND',
): void {
  if (!inScope(actor, storeId)) throw new AppError(notFound);
}

/**
 * The stores a list may show: the operator's filter (or all: null), or the actor's own stores
 * narrowed by a filter they asked for (a store outside their reach gives an empty list).
 */
export function storeFilter(actor: StaffGrant, requested?: number): readonly number[] | null {
  if (actor.storeIds === null) return requested ? [requested] : null;
  if (requested) return actor.storeIds.includes(requested) ? [requested] : [];
  return actor.storeIds;
}
