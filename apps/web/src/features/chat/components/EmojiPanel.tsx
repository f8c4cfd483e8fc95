import { Swiper } from 'antd-mobile';
import { emojiPages } from '../../../core/chat/emoji.ts';
import '../../../ui/chat/chat.css';

const PAGES = emojiPages();

/**
 * The emoji keyboard: 120 labelled emoji in five swipeable pages of 24 (SPEC §3, §9), and a
 * delete key on every page. Picking an emoji hands its token ([微笑]) to the input.
 */
export function EmojiPanel({
  onPick,
  onDelete,
}: {
  onPick: (token: string) => void;
  onDelete: () => void;
}) {
  return (
    <div className="emoji-panel" data-testid="emoji-panel">
      <Swiper indicatorProps={{ color: 'primary' }}>
        {PAGES.map((page, n) => (
          <Swiper.Item key={page[0]?.token ?? n}>
            <div className="emoji-panel__grid">
              {page.map((emoji) => (
                <button
                  key={emoji.token}
                  type="button"
                  className="emoji-panel__key"
                  aria-label={emoji.label}
                  onClick={() => onPick(emoji.token)}
                >
                  <img src={emoji.src} alt={emoji.token} loading="lazy" draggable={false} />
                </button>
              ))}
              <button
                type="button"
                className="emoji-panel__key emoji-panel__delete"
                aria-label="删除"
                onClick={onDelete}
              >
                ⌫
              </button>
            </div>
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}
