import { describe, expect, it } from 'vitest';
import { adaptTarget, chaseRate, edgeJump, flvLiveOptions, LIVE_EDGE } from './liveEdge.ts';

const base = LIVE_EDGE.target;

describe('edgeJump', () => {
  it('lands target seconds behind the newest frame when further behind than the band', () => {
    // joined on a key frame 0.9 s old
    expect(edgeJump(10.9, 10, base)).toBeCloseTo(10.9 - base);
    // a stall left 3 s buffered
    expect(edgeJump(23, 20, base)).toBeCloseTo(23 - base);
    // a widened target lands further back
    expect(edgeJump(10.9, 10, 0.35)).toBeCloseTo(10.55);
  });

  it('leaves a player inside the band alone (the rate chase covers it without a skip)', () => {
    expect(edgeJump(10 + base + LIVE_EDGE.band - 0.01, 10, base)).toBeNull();
    expect(edgeJump(10.1, 10, base)).toBeNull();
    expect(edgeJump(10, 10, base)).toBeNull();
  });

  it('does nothing before anything is buffered', () => {
    expect(edgeJump(undefined, 0, base)).toBeNull();
  });
});

describe('chaseRate', () => {
  const { rate } = LIVE_EDGE;
  it('speeds up above the band and keeps chasing until the target, then plays at 1', () => {
    expect(chaseRate(0.5, 1, base)).toBe(rate);
    // inside the band: a chase goes on, a player at 1 stays at 1 (hysteresis, no flapping)
    expect(chaseRate(0.2, rate, base)).toBe(rate);
    expect(chaseRate(0.2, 1, base)).toBe(1);
    expect(chaseRate(base, rate, base)).toBe(1);
    expect(chaseRate(0.05, rate, base)).toBe(1);
  });

  it('chases around the target it is given', () => {
    expect(chaseRate(0.4, 1, 0.35)).toBe(1);
    expect(chaseRate(0.55, 1, 0.35)).toBe(rate);
  });
});

describe('adaptTarget', () => {
  it('widens by a step per stall up to the maximum, and narrows back to the base when calm', () => {
    let t = base;
    for (let i = 0; i < 10; i++) t = adaptTarget(t, 'stall');
    expect(t).toBe(LIVE_EDGE.maxTarget);
    t = adaptTarget(base, 'stall');
    expect(t).toBeCloseTo(base + LIVE_EDGE.stallStep);
    t = adaptTarget(t, 'calm');
    expect(t).toBe(base);
    expect(adaptTarget(base, 'calm')).toBe(base);
  });
});

describe('flvLiveOptions', () => {
  it('leaves the rate chase to us and the long-lag seek to mpegts.js', () => {
    expect(flvLiveOptions()).toMatchObject({
      isLive: true,
      liveBufferLatencyChasing: true,
      liveBufferLatencyMaxLatency: LIVE_EDGE.seekAbove,
      liveBufferLatencyMinRemain: LIVE_EDGE.target,
    });
    expect(flvLiveOptions()).not.toHaveProperty('liveSync');
    // the band is ordered and the rate gentle enough to keep the sound natural
    expect(LIVE_EDGE.target + LIVE_EDGE.band).toBeLessThan(LIVE_EDGE.seekAbove);
    expect(LIVE_EDGE.maxTarget).toBeLessThan(LIVE_EDGE.seekAbove);
    expect(LIVE_EDGE.rate).toBeGreaterThan(1);
    expect(LIVE_EDGE.rate).toBeLessThanOrEqual(1.15);
  });
});
