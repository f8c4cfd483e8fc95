// Test support for the kick tests: what a kicked SDK client reports, and raw sockets that show
// what the server itself does to a session it kicks or refuses.
import TIM from '@chaopin/im-sdk';
import { io, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { Client } from './im-kit.ts';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The events a kick raises, in order, and nothing after them. */
export function afterKick(c: Client, type: string) {
  const at = c.events.findIndex((e) => e.name === TIM.EVENT.KICKED_OUT);
  expect(at).toBeGreaterThanOrEqual(0);
  return { at, tail: c.events.slice(at).map((e) => [e.name, e.data]), type };
}
export const KICK_TAIL = (type: string) => [
  [TIM.EVENT.KICKED_OUT, { type }],
  [TIM.EVENT.NET_STATE_CHANGE, { state: TIM.TYPES.NET_STATE_DISCONNECTED }],
  [TIM.EVENT.SDK_NOT_READY, {}],
];
export const kicked = (c: Client) => c.events.some((e) => e.name === TIM.EVENT.KICKED_OUT);

/** A raw socket (no SDK): what the server itself does to a session it kicks. */
export function raw(server: string, auth: { userID: string; userSig: string }) {
  const seen: string[] = [];
  const socket: Socket = io(server, {
    path: '/socket.io/',
    auth,
    reconnection: false,
    transports: ['websocket'],
  });
  socket.onAny((event: string, data: { type?: string }) => seen.push(`${event}:${data?.type}`));
  socket.on('disconnect', (reason) => seen.push(`disconnect:${reason}`));
  const connected = new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return { socket, seen, connected };
}

/** The connect refusal of a raw socket: its error id and the kick it is reported as. */
export function refusal(server: string, auth: { userID: string; userSig: string }) {
  const s = io(server, {
    path: '/socket.io/',
    auth,
    reconnection: false,
    transports: ['websocket'],
  });
  return new Promise<{ error?: string; kicked?: string }>((resolve) => {
    s.on('connect', () => {
      s.disconnect();
      resolve({ error: 'CONNECTED' });
    });
    s.on('connect_error', (err: Error & { data?: { error?: string; kicked?: string } }) => {
      s.disconnect();
      resolve({ error: err.data?.error, kicked: err.data?.kicked });
    });
  });
}
