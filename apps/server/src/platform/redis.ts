import { Redis } from 'ioredis';

/** Connects to Redis and fails fast (rather than retrying forever) when it is not reachable at boot. */
export async function connectRedis(url: string, name: string): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
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
