import { describe, expect, it } from 'vitest';
import { PacedViewer } from './paced-viewer.ts';

function sink() {
  const inFlight: { chunk: Buffer; flushed: () => void }[] = [];
  let closed = false;
  return {
    inFlight,
    get closed() {
      return closed;
    },
    send(chunk: Buffer, flushed: () => void) {
      inFlight.push({ chunk, flushed });
    },
    close() {
      closed = true;
    },
    flushAll() {
      for (const w of inFlight.splice(0)) w.flushed();
    },
  };
}

describe('PacedViewer', () => {
  it('holds at most 256 KB in the connection and the rest in order in an array', () => {
    const s = sink();
    const v = new PacedViewer(s);
    const tag = (n: number) => Buffer.alloc(10 * 1024, n);
    for (let i = 0; i < 100; i++) v.write(tag(i));
    expect(s.inFlight).toHaveLength(25);
    expect(v.buffered).toBe(100 * 10 * 1024);
    s.flushAll();
    expect(s.inFlight).toHaveLength(25);
    expect(s.inFlight[0]?.chunk[0]).toBe(25);
    expect(v.buffered).toBe(75 * 10 * 1024);
  });

  it('drops what waits when closed, and writes nothing after', () => {
    const s = sink();
    const v = new PacedViewer(s);
    for (let i = 0; i < 100; i++) v.write(Buffer.alloc(10 * 1024));
    v.close();
    expect(s.closed).toBe(true);
    s.flushAll();
    expect(s.inFlight).toHaveLength(0);
    v.write(Buffer.alloc(1));
    expect(s.inFlight).toHaveLength(0);
  });

  it('sends a tag larger than the window on its own when nothing is in flight', () => {
    const s = sink();
    const v = new PacedViewer(s);
    v.write(Buffer.alloc(300 * 1024));
    expect(s.inFlight).toHaveLength(1);
    v.write(Buffer.alloc(10));
    expect(s.inFlight).toHaveLength(1);
    s.flushAll();
    expect(s.inFlight).toHaveLength(1);
    expect(v.buffered).toBe(10);
  });
});
