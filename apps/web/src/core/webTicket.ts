import { post } from './api/client.ts';
import { toast } from './notify.ts';
import { useSession } from './session.ts';

/** The query parameter the mini-program's <web-view> adds to a page it opens signed in. */
export const WEB_TICKET_PARAM = 'webTicket';

/**
 * The one-time ticket in a hash-routed URL (`#/path?…&webTicket=…`), and the hash without it.
 * Pure: the boot takes it out of the address bar before anything can read or share it.
 */
export function takeWebTicket(hash: string): { ticket: string; hash: string } | null {
  const at = hash.indexOf('?');
  if (at < 0) return null;
  const params = new URLSearchParams(hash.slice(at + 1));
  const ticket = params.get(WEB_TICKET_PARAM);
  if (!ticket) return null;
  params.delete(WEB_TICKET_PARAM);
  const rest = params.toString();
  return { ticket, hash: hash.slice(0, at) + (rest ? `?${rest}` : '') };
}

/**
 * A page opened by the mini-program with a ticket: the ticket leaves the URL at once (history,
 * screenshots, a share of the page), then is exchanged for this page's own session. A used or
 * expired one leaves the page signed out, with the server's message.
 */
export function signInFromWebTicket(): void {
  const found = takeWebTicket(window.location.hash);
  if (!found) return;
  window.history.replaceState(
    window.history.state,
    '',
    `${window.location.pathname}${window.location.search}${found.hash}`,
  );
  void post('user/webTicket/exchange', { ticket: found.ticket })
    .then(({ token }) => useSession.getState().loginWithToken(token))
    .catch((error: unknown) => toast((error as { msg?: string }).msg ?? '登录失败，请重试'));
}
