import { useEffect, useRef } from 'react';
import type { ChatLine } from '../../../ui/live/chatBody.ts';

/** The platform's notice, first in every room's chat. */
export const ROOM_NOTICE =
  '欢迎来到直播间！平台倡导文明直播，请勿发布违法违规、低俗色情等内容，理性消费，谨防诈骗。';

/** The room's chat, bottom-left over the video: newest at the bottom, older ones fade out. */
export function ChatPanel({ lines, notice }: { lines: ChatLine[]; notice?: string }) {
  const listRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const last = lines.at(-1)?.key;

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a new line arrives.
  useEffect(() => {
    const el = listRef.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [last]);

  return (
    <div
      className="chat-panel"
      ref={listRef}
      data-testid="chat-list"
      onScroll={(e) => {
        const el = e.currentTarget;
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
      }}
    >
      {notice && <p className="chat-line chat-line--notice">{notice}</p>}
      {lines.map((line) => (
        <p key={line.key} className={`chat-line chat-line--${line.kind}`} data-testid="chat-line">
          <span className="chat-line__nick" style={{ color: line.color }}>
            {line.nick}
            {line.kind === 'text' ? '：' : ' '}
          </span>
          <span className="chat-line__text">{line.text}</span>
        </p>
      ))}
    </div>
  );
}

/** The one-line ticker over the chat: 进入直播间, gifts, purchases and follows. */
export function Ticker({ line }: { line: ChatLine | null }) {
  if (!line) return null;
  return (
    <div key={line.key} className={`ticker ticker--${line.kind}`} data-testid="chat-ticker">
      <span className="ticker__nick">{line.nick}</span> {line.text}
    </div>
  );
}
