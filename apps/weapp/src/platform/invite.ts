import { api } from './api';
import { isLoggedIn } from './session';
import { taroStorage } from './taroStorage';

/**
 * The inviter a shared card brought (`?invite=<code>`, as the web share links carry it): kept
 * until this WeChat user registers, then sent with xcx/bind, which binds the new account to the
 * inviter exactly as the web's mobileLogin does. An existing account ignores it (the server's
 * rule: only a registration binds).
 */
const PENDING_KEY = 'pending_invite';

/** Takes the inviter's code out of a launch's or a page's query (the card's path). */
export function rememberInvite(query?: Record<string, string | undefined>): void {
  const code = (query?.invite ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 16);
  if (code) taroStorage.setItem(PENDING_KEY, code);
}

export const pendingInvite = (): string | undefined =>
  taroStorage.getItem(PENDING_KEY) ?? undefined;

export const forgetInvite = (): void => taroStorage.removeItem(PENDING_KEY);

let mine: Promise<string | undefined> | undefined;

/** The signed-in user's own code, for the cards they share (none while signed out). */
export function myInviteCode(): Promise<string | undefined> {
  if (!isLoggedIn()) return Promise.resolve(undefined);
  mine ??= api
    .get('promotion/identity')
    .then((identity) => identity.inviteCode)
    .catch(() => {
      mine = undefined;
      return undefined;
    });
  return mine;
}

/** A page path with the sharer's code added, so that the friend who opens it is bound to them. */
export const withInvite = (path: string, code: string | undefined): string =>
  code ? `${path}${path.includes('?') ? '&' : '?'}invite=${encodeURIComponent(code)}` : path;
