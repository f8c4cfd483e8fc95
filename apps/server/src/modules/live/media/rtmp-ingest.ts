import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import nmsLogger from 'node-media-server/src/core/logger.js';
import Rtmp, { type NmsAvPacket } from 'node-media-server/src/protocol/rtmp.js';
import {
  flvTag,
  roleOfFlags,
  scriptBody,
  TAG_AUDIO,
  TAG_SCRIPT,
  TAG_VIDEO,
  type TagRole,
} from './flv-tags.ts';

// NMS's protocol modules log to the console at debug level; our own logger says what matters.
nmsLogger.level = 'error';

/** A connection must have asked to publish this soon after connecting. */
const PUBLISH_WITHIN_MS = 10_000;
/** A publisher that sends nothing this long is gone (a phone that lost its network). */
const IDLE_MS = 20_000;
/** Tags held while the gate decides: a few seconds of video, then the publisher is cut. */
const MAX_HELD_BYTES = 8 * 1024 * 1024;

/** One audio, video or metadata message of a publish, framed as an FLV tag. */
export interface MediaTag {
  role: TagRole;
  tag: Buffer;
  timestamp: number;
  /** Audio or video (what the duration counts). */
  media: boolean;
}

export interface PublishRequest {
  app: string;
  name: string;
  args: Record<string, string>;
  addr: string;
}

/**
 * One RTMP connection, parsed by node-media-server's protocol implementation. It may only
 * publish (playback is FLV over HTTP/WS). From the publish command on, its tags are held (and the
 * socket paused) until the engine accepts it, so nothing flows before the gate has said yes.
 */
export class RtmpConnection {
  readonly addr: string;
  request: PublishRequest | undefined;
  /** Set by the engine: a publish was asked. */
  onPublish: (request: PublishRequest) => void = () => this.close();
  /** Set by the engine on accept: every tag from then on (held ones first). */
  private sink: ((tag: MediaTag) => void) | undefined;
  /** Set by the engine: the connection is gone (whatever the reason). */
  onClose: () => void = () => undefined;
  private readonly rtmp = new Rtmp();
  private held: MediaTag[] = [];
  private heldBytes = 0;
  private readonly publishTimer: NodeJS.Timeout;
  closed = false;

  constructor(
    private readonly socket: Socket,
    private readonly log: FastifyBaseLogger,
  ) {
    this.addr = socket.remoteAddress ?? '';
    this.rtmp.onOutputCallback = (buffer) => {
      if (!socket.destroyed) socket.write(buffer);
    };
    this.rtmp.onConnectCallback = (req) => {
      const args: Record<string, string> = {};
      for (const [key, value] of Object.entries(req.query)) {
        const first = Array.isArray(value) ? value[0] : value;
        if (typeof first === 'string') args[key] = first;
      }
      this.request = { app: req.app, name: req.name, args, addr: this.addr };
    };
    this.rtmp.onPlayCallback = () => this.close();
    this.rtmp.onPushCallback = () => {
      clearTimeout(this.publishTimer);
      const request = this.request;
      if (!request || this.sink) return this.close();
      socket.pause();
      this.onPublish(request);
    };
    this.rtmp.onPacketCallback = (packet) => this.packet(packet);
    this.publishTimer = setTimeout(() => this.close(), PUBLISH_WITHIN_MS);
    socket.setNoDelay(true);
    socket.setTimeout(IDLE_MS, () => this.close());
    socket.on('data', (data: Buffer) => this.data(data));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.closed = true;
      clearTimeout(this.publishTimer);
      this.held = [];
      this.onClose();
    });
  }

  /** The gate said yes: held tags go to `sink`, then every new one. */
  accept(sink: (tag: MediaTag) => void): void {
    if (this.closed) return;
    this.sink = sink;
    for (const tag of this.held) sink(tag);
    this.held = [];
    this.socket.resume();
  }

  /** Closes the connection at once (refused, cut, broken or engine closing). */
  close(): void {
    this.socket.destroy();
  }

  private data(data: Buffer) {
    try {
      const err = this.rtmp.parserData(data);
      if (err) {
        this.log.debug({ err, addr: this.addr }, 'rtmp stream broken');
        this.close();
      }
    } catch (err) {
      // A malformed handshake or command (e.g. a bad tcUrl) throws inside the parser.
      this.log.debug({ err, addr: this.addr }, 'rtmp parse failed');
      this.close();
    }
  }

  private packet(packet: NmsAvPacket) {
    const type = packet.codec_type;
    if (type !== TAG_AUDIO && type !== TAG_VIDEO && type !== TAG_SCRIPT) return;
    if (!this.request || this.closed) return;
    const body = packet.data.subarray(0, packet.size);
    const tag: MediaTag = {
      role: roleOfFlags(packet.flags),
      tag: flvTag(type, packet.dts, type === TAG_SCRIPT ? scriptBody(body) : body),
      timestamp: packet.dts,
      media: type !== TAG_SCRIPT,
    };
    if (this.sink) return this.sink(tag);
    this.heldBytes += tag.tag.length;
    if (this.heldBytes > MAX_HELD_BYTES) return this.close();
    this.held.push(tag);
  }
}

/** The RTMP listener: accepts connections and hands each to `onConnection`. */
export class RtmpIngest {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();

  constructor(
    private readonly log: FastifyBaseLogger,
    onConnection: (connection: RtmpConnection) => void,
  ) {
    this.server = createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      onConnection(new RtmpConnection(socket, this.log));
    });
  }

  /** Binds `host:port` (0: any free port) and answers the bound port. */
  listen(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const failed = (err: Error) => reject(err);
      this.server.once('error', failed);
      this.server.listen({ host, port }, () => {
        this.server.off('error', failed);
        const address = this.server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    if (!this.server.listening) return;
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
