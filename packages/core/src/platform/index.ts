export {
  type KeyValueStorage,
  type SocketAdapter,
  type SocketConnection,
  type SocketHandlers,
  STORAGE_KEYS,
} from './adapters.ts';
export { storedCredentials } from './credentials.ts';
