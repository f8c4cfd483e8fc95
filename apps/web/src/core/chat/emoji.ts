import { EMOJI_TABLE } from './emoji-table.ts';

/** SPEC §9: the panel shows 24 emoji a page, five pages. */
export const EMOJI_PAGE_SIZE = 24;

export interface Emoji {
  /** As typed in a message, e.g. "[微笑]". */
  token: string;
  label: string;
  /** Served from the web app's public folder. */
  src: string;
}

export const EMOJIS: readonly Emoji[] = EMOJI_TABLE.map(([label], i) => ({
  token: `[${label}]`,
  label,
  src: `/emoji/ee_${i + 1}.svg`,
}));

const BY_TOKEN = new Map(EMOJIS.map((e) => [e.token, e]));

/** The panel's pages, in order (120 emoji → 5 pages of 24). */
export function emojiPages(size = EMOJI_PAGE_SIZE): Emoji[][] {
  const pages: Emoji[][] = [];
  for (let i = 0; i < EMOJIS.length; i += size) pages.push(EMOJIS.slice(i, i + size));
  return pages;
}

export type TextPart = { kind: 'text'; text: string } | { kind: 'emoji'; emoji: Emoji };

// SPEC §3: a bracket token holds 2 to 3 characters; anything else in brackets is plain text.
const TOKEN = /\[[^[\]]{2,3}\]/gu;

/**
 * Splits message text into text runs and known emoji tokens, in order. Unknown bracket tokens
 * (e.g. "[abc]" or "[一二三四]") stay text, so nothing a user typed is ever lost.
 */
export function parseEmojiText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plain = '';
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const emoji = BY_TOKEN.get(match[0]);
    if (!emoji) continue;
    plain += text.slice(last, match.index);
    if (plain) parts.push({ kind: 'text', text: plain });
    plain = '';
    parts.push({ kind: 'emoji', emoji });
    last = match.index + match[0].length;
  }
  plain += text.slice(last);
  if (plain) parts.push({ kind: 'text', text: plain });
  return parts;
}

/** Removes the last character or, when the text ends with a known emoji token, the whole token. */
export function backspaceEmojiText(text: string): string {
  const match = /\[[^[\]]{2,3}\]$/u.exec(text);
  if (match && BY_TOKEN.has(match[0])) return text.slice(0, match.index);
  return [...text].slice(0, -1).join('');
}
