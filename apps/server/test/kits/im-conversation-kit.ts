// Test support for the conversation tests: a raw socket for what the SDK never sends.
import { io } from 'socket.io-client';

/** A raw socket of a user, for what the SDK never sends (bad input). */
export async function rawSocket(server: string, user: { userID: string; userSig: string }) {
  const s = io(server, { path: '/socket.io/', auth: user, transports: ['websocket'] });
  await new Promise<void>((resolve, reject) => {
    s.on('connect', () => resolve());
    s.on('connect_error', reject);
  });
  return {
    send: (cmd: string, payload: unknown) =>
      s.emitWithAck(cmd, payload) as Promise<{
        code: number;
        error?: string;
        msg?: string;
        data: unknown;
      }>,
    close: () => s.disconnect(),
  };
}
