import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import { AppError } from '../../../platform/errors.ts';
import type { FlvFanout } from './flv-fanout.ts';
import { PacedViewer } from './paced-viewer.ts';
import { FLV_HTTP_PREFIX, FLV_WS_PREFIX, streamOfPlayPath } from './stream-paths.ts';

/** Which fan-out plays stream `name` on this node (undefined: not live here). */
export type FanoutLookup = (name: string) => FlvFanout | undefined;

const FLV_HEADERS = {
  'content-type': 'video/x-flv',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/**
 * Live playback on the main HTTP server, as mpegts.js plays it: HTTP-FLV (`GET
 * /live/flv/<name>.flv`, one chunked response that never ends while the stream lives) and
 * WS-FLV (`/live/ws/<name>.flv`, one binary message per tag). Answers `close()` to end every
 * WS viewer (HTTP viewers end with their fan-out).
 */
export function registerFlvPlayback(app: FastifyInstance, lookup: FanoutLookup) {
  app.get(`${FLV_HTTP_PREFIX}:file`, { schema: { hide: true } }, (request, reply) => {
    const name = streamOfPlayPath(request.url.split('?')[0] ?? '', FLV_HTTP_PREFIX);
    const fanout = name ? lookup(name) : undefined;
    if (!fanout) throw new AppError('LIVE_NOT_LIVE');
    // From here the response is the stream: Fastify no longer serializes or ends it.
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, FLV_HEADERS);
    const viewer = new PacedViewer({
      send: (chunk, flushed) => void res.write(chunk, flushed),
      close: () => void res.destroy(),
    });
    if (!fanout.add(viewer)) return void res.end();
    res.on('close', () => fanout.remove(viewer));
  });

  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 1024 });
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = (request.url ?? '/').split('?')[0] ?? '/';
    // Every other upgrade (Socket.IO's /socket.io/, the chat rooms' /im/live) is left to its listener.
    if (!pathname.startsWith(FLV_WS_PREFIX)) return;
    const name = streamOfPlayPath(pathname, FLV_WS_PREFIX);
    const fanout = name ? lookup(name) : undefined;
    if (!fanout) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    // Upgraded in this tick: engine.io ends an upgrade socket that wrote nothing within 1 s.
    wss.handleUpgrade(request, socket, head, (ws: WebSocket) => {
      const viewer = new PacedViewer({
        send: (chunk, flushed) => ws.send(chunk, { binary: true }, flushed),
        close: () => ws.terminate(),
      });
      ws.on('error', () => undefined);
      if (!fanout.add(viewer)) return ws.close();
      ws.on('close', () => fanout.remove(viewer));
    });
  });

  return {
    close() {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}
