// The baseline: a bare Fastify process answering each configured path with fixed JSON bytes from
// memory (BARE_ROUTES = {"/path": "<json text>"}), so that only the framework and network remain.
import Fastify from 'fastify';

const routes = JSON.parse(process.env.BARE_ROUTES ?? '{}');
const app = Fastify({ logger: false });
for (const [path, body] of Object.entries(routes)) {
  app.get(path, (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(body);
  });
}
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.send?.('ready');
