import { randomBytes } from 'node:crypto';

/** A friendly generated nickname for a new account, e.g. 潮友_k3f9a2. */
export function generateNickname(): string {
  return `潮友_${randomBytes(4).toString('hex').slice(0, 6)}`;
}

export const DEFAULT_AVATAR_COUNT = 8;

/** One of the bundled default avatars (see server assets/avatars), picked by phone. */
export function defaultAvatarFor(phone: string): string {
  const n = Number(phone.slice(-2)) % DEFAULT_AVATAR_COUNT;
  return `/assets/avatars/${n}.svg`;
}
