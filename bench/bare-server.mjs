// The baseline: a bare Fastify process answering each configured path with fixed JSON bytes from
// memory (BARE_ROUTES = {"/path": "<json text>"}, or {"/path": {"status": 409, "body": "<json>"}}
// for a POST twin, which parses the JSON body as the app does), so that only the framework and
// network remain.
import Fastify from 'fastify';

const routes = JSON.parse(process.env.BARE_ROUTES ?? '{}');
const app = Fastify({ logger: false });
for (const [path, answer] of Object.entries(routes)) {
  const { status = 200, body } = typeof answer === 'string' ? { body: answer } : answer;
  app.route({
    method: ['GET', 'POST'],
    url: path,
    handler: (_request, reply) => {
      reply.code(status).type('application/json; charset=utf-8').send(body);
    },
  });
}
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.send?.('ready');
