// The clock-stamped push (clock-pusher.ts) in a process of its own, so that drawing the frames
// costs the server nothing: `node --import tsx push-clock.ts <rtmp url> [video kbit/s]`.
import { startClockPusher } from './clock-pusher.ts';

const pusher = startClockPusher(process.argv[2] ?? '', Number(process.argv[3] ?? 1500));
pusher.child.on('exit', (code) => {
  console.error(`ffmpeg exited (${code}): ${pusher.stderr().trim().slice(-500)}`);
  process.exit(1);
});
process.on('SIGTERM', () => {
  pusher.child.removeAllListeners('exit');
  pusher.stop();
  process.exit(0);
});
