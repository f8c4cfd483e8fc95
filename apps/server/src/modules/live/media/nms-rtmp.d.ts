/**
 * Types of the parts of node-media-server 4.x the embedded engine uses: its RTMP protocol parser
 * (handshake, chunking, AMF commands) and its logger. The package is CommonJS with JSDoc types only.
 */
declare module 'node-media-server/src/protocol/rtmp.js' {
  /** One audio, video or script message, as NMS's Flv.parserTag classifies it. */
  export interface NmsAvPacket {
    /** 8 audio, 9 video, 18 script. */
    codec_type: number;
    codec_id: number;
    /** 0 audio sequence header, 1 audio frame, 2 video sequence header, 3 key frame, 4 inter frame, 5 metadata, 6 HDR metadata. */
    flags: number;
    dts: number;
    pts: number;
    size: number;
    /** The parser's reused buffer: only `size` bytes are the message, valid during the callback. */
    data: Buffer;
  }

  export interface NmsStreamRequest {
    app: string;
    name: string;
    host: string;
    query: Record<string, string | string[] | undefined>;
  }

  export default class Rtmp {
    onConnectCallback: (req: NmsStreamRequest) => void;
    onPlayCallback: () => void;
    onPushCallback: () => void;
    onPacketCallback: (packet: NmsAvPacket) => void;
    onOutputCallback: (buffer: Buffer) => void;
    /** Feeds received bytes; answers an error text when the stream is broken. */
    parserData(buffer: Buffer): string | null;
  }
}

declare module 'node-media-server/src/core/logger.js' {
  const logger: { level: 'trace' | 'debug' | 'info' | 'warn' | 'error' };
  export default logger;
}
