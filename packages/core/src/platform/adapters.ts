/**
 * What shared logic needs from the platform it runs on, so that it stays free of the DOM and
 * of any one runtime: the web app hands in localStorage and WebSocket, the mini-program
 * Taro.setStorageSync and Taro.connectSocket. (The network adapter is ApiAdapters.fetch.)
 */

/** Synchronous string storage: localStorage on the web, wx storage in the mini-program. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SocketHandlers {
  onOpen?(): void;
  onMessage?(data: string): void;
  onClose?(code: number, reason: string): void;
  onError?(message: string): void;
}

/** An open (or opening) socket. */
export interface SocketConnection {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** Opens a text socket: `new WebSocket(url)` on the web, Taro.connectSocket in the mini-program. */
export type SocketAdapter = (url: string, handlers: SocketHandlers) => SocketConnection;

/** Storage keys, named as the original app stored them (SPEC §3); both apps use these. */
export const STORAGE_KEYS = {
  token: 'token',
  ticket: 'ticket',
  userInfo: 'user_info',
  isLogin: 'isLogin',
} as const;
