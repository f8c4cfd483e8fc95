// A host's push whose every frame carries the sender's wall clock: Node draws 320×240 RGB frames at
// 25 fps with Date.now() as 48 black/white 8×8 blocks (two rows of 24 bits, each followed by its
// complement row so that a misread block is detected) and pipes them into ffmpeg, which encodes
// them as a phone app would (x264 ultrafast, zerolatency, 1 s GOP, CBR) with a silent AAC track
// and pushes RTMP. Whoever decodes a frame reads when it was drawn: now − that is glass-to-glass.
import { type ChildProcess, spawn } from 'node:child_process';

export const WIDTH = 320;
export const HEIGHT = 240;
export const FPS = 25;
/** Where the code sits and how big a bit is: shared with the page that reads it back. */
export const CODE = { x0: 16, y0: 16, block: 8, bitsPerRow: 24, rows: 2 } as const;

function fillRect(frame: Buffer, x: number, y: number, w: number, h: number, v: number) {
  for (let row = y; row < y + h; row++) {
    frame.fill(v, (row * WIDTH + x) * 3, (row * WIDTH + x + w) * 3);
  }
}

/** One frame: a grey picture, a moving square (so frames differ) and the clock's code. */
export function drawFrame(ms: number, index: number): Buffer {
  const frame = Buffer.alloc(WIDTH * HEIGHT * 3, 96);
  fillRect(frame, (index * 4) % (WIDTH - 40), 150, 40, 40, 230);
  const { x0, y0, block, bitsPerRow, rows } = CODE;
  // Two's-complement tricks stop at 32 bits: the 48-bit value is split with arithmetic.
  const words = [Math.floor(ms / 2 ** bitsPerRow), ms % 2 ** bitsPerRow];
  for (let r = 0; r < rows; r++) {
    const word = words[r] ?? 0;
    for (let i = 0; i < bitsPerRow; i++) {
      const bit = Math.floor(word / 2 ** (bitsPerRow - 1 - i)) % 2;
      const x = x0 + i * block;
      fillRect(frame, x, y0 + 2 * r * block, block, block, bit ? 255 : 0);
      fillRect(frame, x, y0 + (2 * r + 1) * block, block, block, bit ? 0 : 255);
    }
  }
  return frame;
}

export interface ClockPusher {
  child: ChildProcess;
  stderr(): string;
  stop(): void;
}

/**
 * Pushes to `url` at real time until stop(); `videoKbps` of CBR video plus 64 kbit/s of AAC, a key
 * frame every `gop` frames (25 = 1 s).
 */
export function startClockPusher(url: string, videoKbps = 1500, gop = FPS): ClockPusher {
  const kbps = `${videoKbps}k`;
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
      ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${WIDTH}x${HEIGHT}`, '-r', String(FPS)],
      ...['-i', 'pipe:0'],
      ...['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=stereo'],
      ...['-map', '0:v', '-map', '1:a'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', String(gop)],
      ...['-pix_fmt', 'yuv420p', '-b:v', kbps, '-minrate', kbps, '-maxrate', kbps],
      ...['-bufsize', kbps, '-x264-params', 'nal-hrd=cbr'],
      ...['-c:a', 'aac', '-b:a', '64k', '-flush_packets', '1', '-f', 'flv', url],
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdin?.on('error', () => undefined);
  const started = Date.now();
  let index = 0;
  let timer: NodeJS.Timeout | undefined;
  // Frame k is due at started + k·40 ms; the clock is read when the frame is drawn.
  const tick = () => {
    const now = Date.now();
    while (started + index * (1000 / FPS) <= now) {
      child.stdin?.write(drawFrame(Date.now(), index));
      index++;
    }
    timer = setTimeout(tick, Math.max(1, started + index * (1000 / FPS) - Date.now()));
  };
  tick();
  return {
    child,
    stderr: () => stderr,
    stop() {
      clearTimeout(timer);
      child.stdin?.end();
      child.kill('SIGKILL');
    },
  };
}
