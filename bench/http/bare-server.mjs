// The baseline: a bare Fastify route answering a JSON body of the same shape as queryUser.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({
  code: 1,
  msg: '操作成功',
  data: { id: 1, nickname: '潮友_a1b2c3', avatar: '/assets/avatars/1.svg' },
}));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.send?.('ready');
