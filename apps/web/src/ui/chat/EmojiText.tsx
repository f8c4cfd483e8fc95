import { Fragment } from 'react';
import { parseEmojiText } from '../../core/chat/emoji.ts';

/** Message text with its bracket tokens ([微笑]) drawn as emoji images. */
export function EmojiText({ text }: { text: string }) {
  return (
    <>
      {parseEmojiText(text).map((part, i) =>
        part.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reorder
          <Fragment key={i}>{part.text}</Fragment>
        ) : (
          <img
            // biome-ignore lint/suspicious/noArrayIndexKey: the same emoji may repeat
            key={i}
            className="chat-emoji"
            src={part.emoji.src}
            alt={part.emoji.token}
            title={part.emoji.label}
            draggable={false}
          />
        ),
      )}
    </>
  );
}
