import { Redis } from 'ioredis';

/**
 * Connects to Redis and fails fast (rather than retrying forever) when it is not reachable at boot.
 * Every key is namespaced by `keyPrefix` (REDIS_PREFIX), so that several deployments or test runs
 * can share one Redis; pub/sub channels are not keys, and their users prefix them themselves.
 */
export async function connectRedis(url: string, name: string, keyPrefix: string): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    keyPrefix,
    maxRetriesPerRequest: 3,
    connectionName: name,
  });
  try {
    await client.connect();
  } catch (err) {
    client.disconnect();
    throw new Error(`REDIS_URL: cannot connect (${(err as Error).message})`);
  }
  return client;
}
