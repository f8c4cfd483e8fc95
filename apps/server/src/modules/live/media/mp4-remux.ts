import { spawn } from 'node:child_process';
import { rename, rm } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';

/** A remux copies packets (no encoding): even hours of video take seconds. Past this it is stuck. */
const REMUX_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * `ffmpeg -i in.flv -c copy -movflags +faststart out.mp4`: browsers seek an MP4 by byte ranges
 * with the index up front (faststart), which an FLV cannot give them. Written to a temp name and
 * renamed, so the replay route never serves half a file. False when ffmpeg is missing or fails
 * (the FLV then stays the replay).
 */
export async function remuxToMp4(
  ffmpeg: string,
  flvPath: string,
  mp4Path: string,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const temp = `${mp4Path}.part`;
  const ok = await new Promise<boolean>((resolve) => {
    const child = spawn(
      ffmpeg,
      [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
        ...['-i', flvPath, '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', temp],
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), REMUX_TIMEOUT_MS);
    child.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (err.code !== 'ENOENT') log.warn({ err }, 'ffmpeg could not run');
      resolve(false);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0)
        log.warn({ code, stderr, flvPath }, 'ffmpeg remux failed; the FLV is the replay');
      resolve(code === 0);
    });
  });
  if (!ok) {
    await rm(temp, { force: true });
    return false;
  }
  await rename(temp, mp4Path);
  return true;
}
