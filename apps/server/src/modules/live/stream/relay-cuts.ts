import type { Deps } from '../../../deps.ts';
import type { MediaEngine } from '../media/media-port.ts';

const CUT = 'live.cut';

/**
 * The engine, with cuts that reach every node: a room's publisher may be connected to any node,
 * so a ban or an end is published on the bus and each node cuts the stream if it holds it.
 */
export async function relayCuts(
  engine: MediaEngine,
  deps: Pick<Deps, 'bus' | 'log'>,
): Promise<MediaEngine> {
  await deps.bus.subscribe(CUT, (name) => engine.cut(name));
  return {
    kind: engine.kind,
    start: () => engine.start(),
    close: () => engine.close(),
    cut(name) {
      engine.cut(name);
      deps.bus
        .publish(CUT, name)
        .catch((err) => deps.log.warn({ err, name }, 'live cut not relayed'));
    },
    isPublishing: (name) => engine.isPublishing(name),
    pushUrl: (name) => engine.pushUrl(name),
    playUrls: (name) => engine.playUrls(name),
    recordUrl: (file) => engine.recordUrl(file),
    viewers: (name) => engine.viewers(name),
  };
}
