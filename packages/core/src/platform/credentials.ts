import type { CredentialStore } from '../api/client.ts';
import { type KeyValueStorage, STORAGE_KEYS } from './adapters.ts';

/** The session and captcha proof the API client sends, read from the platform's storage. */
export function storedCredentials(storage: KeyValueStorage): CredentialStore {
  return {
    token: () => storage.getItem(STORAGE_KEYS.token) || null,
    ticket: () => storage.getItem(STORAGE_KEYS.ticket) || null,
  };
}
