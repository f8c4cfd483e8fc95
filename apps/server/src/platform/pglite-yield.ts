import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite runs each query synchronously on the main thread, and the Kysely driver hands the one
 * connection from query to query through promise callbacks: while queries are queued, Node never
 * gets back to its event loop. Under a burst the server then accepts no connection, reads no
 * request and fires no timer until the whole queue has drained (2,000 queued inserts: 5 s without
 * a single timer tick), so clients time out or are reset (issue 17 §5).
 *
 * This wrapper gives the event loop a turn (setImmediate) before a query once `sliceMs` of
 * queries ran without one, so new connections are accepted and admission can answer them while
 * the database is busy. A turn the loop took by itself counts too: an idle server never waits.
 * Only `query` and `close` are used by kysely-pglite-dialect.
 */
export function yieldingClient(client: PGlite, sliceMs = 5): PGlite {
  let lastTurn = performance.now();
  let armed = false;
  const onTurn = () => {
    armed = false;
    lastTurn = performance.now();
  };
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const query: PGlite['query'] = async (...args) => {
    if (performance.now() - lastTurn > sliceMs) await turn();
    if (!armed) {
      armed = true;
      setImmediate(onTurn);
    }
    return client.query(...args);
  };
  const wrapper = { query, close: () => client.close() };
  return wrapper as unknown as PGlite;
}
