// Preloaded into the server (NODE_OPTIONS=--import, which may not carry --cpu-prof) by
// `preview.mjs --cpu-prof DIR`: profiles the whole process and writes DIR/<pid>.cpuprofile when it
// exits (the server exits on SIGTERM; an in-thread inspector session answers synchronously).
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const dir = process.env.CPU_PROF_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  process.on('exit', () => {
    session.post('Profiler.stop', (err, res) => {
      if (err) return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${process.pid}.cpuprofile`), JSON.stringify(res.profile));
    });
  });
}
