import type { FastifyInstance } from 'fastify';

/** Reads a file the server itself serves (e.g. /uploads/…); undefined when it cannot. */
export type AssetLoader = (url: string) => Promise<Uint8Array | undefined>;

/**
 * Posters draw images this server serves itself, whichever blob store holds them, through its
 * own routes: only under the given path prefixes, never anything remote.
 */
export function assetLoader(app: FastifyInstance, prefixes: readonly string[]): AssetLoader {
  return async (url) => {
    if (!prefixes.some((p) => url.startsWith(p)) || url.includes('..')) return undefined;
    const res = await app.inject({ method: 'GET', url });
    return res.statusCode === 200 ? res.rawPayload : undefined;
  };
}
