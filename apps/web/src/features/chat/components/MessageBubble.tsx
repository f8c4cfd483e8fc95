import type { Message } from '@chaopin/im-sdk';
import { AudioFill, EnvironmentOutline, FileOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  fileSize,
  groupNoticeText,
  KNOWN_TYPES,
  parseCard,
  revokedText,
  UNSUPPORTED_TEXT,
} from '../../../core/chat/message-view.ts';
import { formatPrice } from '../../../core/format.ts';
import { EmojiText } from '../../../ui/chat/EmojiText.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { GroupTip } from './GroupTip.tsx';

/** Seconds of a voice message: the payload's, else what the sender put in cloudCustomData. */
export function audioSeconds(m: Message): number {
  const s = Number(m.payload.second);
  if (s > 0) return s;
  try {
    return Number((JSON.parse(m.cloudCustomData || '{}') as { second?: number }).second) || 0;
  } catch {
    return 0;
  }
}

/** How much of the file has gone up (indeterminate until the first progress event). */
function Uploading({ progress }: { progress: number | undefined }) {
  const known = progress !== undefined;
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <span
      className="chat-upload"
      role="progressbar"
      aria-label="上传中"
      aria-valuenow={known ? percent : undefined}
      aria-valuemin={0}
      aria-valuemax={100}
      data-testid="chat-upload"
    >
      <span
        className={known ? 'chat-upload__bar chat-upload__bar--known' : 'chat-upload__bar'}
        style={known ? { width: `${percent}%` } : undefined}
      />
    </span>
  );
}

/** A local preview of a file still being uploaded (the draft keeps its Blob). */
function useLocalUrl(m: Message): string {
  const ref = useRef<{ blob: Blob; url: string } | null>(null);
  const blob = m._file?.blob;
  if (!blob) return '';
  if (ref.current?.blob !== blob) ref.current = { blob, url: URL.createObjectURL(blob) };
  return ref.current.url;
}

function imageOf(m: Message): { thumb: string; full: string } {
  const list = (m.payload.imageInfoArray ?? []) as Array<{ url?: string; type?: number }>;
  // TIM image infos: type 0 original, 1 large (720), 2 thumbnail (198).
  const full = list.find((i) => i.type === 0)?.url ?? list[0]?.url ?? '';
  const thumb = list.find((i) => i.type === 2)?.url ?? full;
  return { thumb, full };
}

function Voice({ m }: { m: Message }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const seconds = audioSeconds(m);
  const url = String(m.payload.url ?? '');
  const toggle = () => {
    if (!url) return;
    audio.current ??= new Audio(url);
    const a = audio.current;
    a.onended = () => setPlaying(false);
    if (playing) {
      a.pause();
      setPlaying(false);
    } else {
      a.currentTime = 0;
      void a.play().catch(() => setPlaying(false));
      setPlaying(true);
    }
  };
  return (
    <button
      type="button"
      className={`chat-voice${playing ? ' chat-voice--playing' : ''}`}
      style={{ width: `${Math.min(60 + seconds * 6, 200)}px` }}
      onClick={toggle}
      data-testid="chat-voice"
    >
      <AudioFill className="chat-voice__icon" />
      <span>{seconds}″</span>
    </button>
  );
}

/** The content of one message, by kind. */
export function MessageContent({ m }: { m: Message }) {
  const navigate = useNavigate();
  const local = useLocalUrl(m);
  const uploading = m.status === 'unsent' && Boolean(m._file);
  switch (m.type) {
    case 'TIMTextElem':
      return (
        <div className="chat-bubble__text">
          <EmojiText text={String(m.payload.text ?? '')} />
        </div>
      );
    case 'TIMFaceElem':
      return <div className="chat-bubble__text">[动画表情]</div>;
    case 'TIMImageElem': {
      const img = imageOf(m);
      const src = img.thumb || local;
      return (
        <button
          type="button"
          className="chat-image"
          data-testid="chat-image"
          onClick={() =>
            img.full && navigate(`${PATHS.previewImage}?url=${encodeURIComponent(img.full)}`)
          }
        >
          {src ? <img src={src} alt="图片" /> : <span className="chat-image__ph">[图片]</span>}
          {uploading && <Uploading progress={m.progress} />}
        </button>
      );
    }
    case 'TIMSoundElem':
      return uploading ? <div className="chat-bubble__text">语音发送中…</div> : <Voice m={m} />;
    case 'TIMVideoFileElem': {
      const src = String(m.payload.videoUrl ?? '') || local;
      return (
        <div className="chat-video">
          {/* biome-ignore lint/a11y/useMediaCaption: user videos carry no caption track */}
          <video
            src={src}
            poster={String(m.payload.thumbUrl ?? '') || undefined}
            controls
            preload="metadata"
          />
          {uploading && <Uploading progress={m.progress} />}
        </div>
      );
    }
    case 'TIMFileElem': {
      const name = String(m.payload.fileName ?? m._file?.name ?? '文件');
      const size = Number(m.payload.fileSize ?? m._file?.blob.size ?? 0);
      const url = String(m.payload.fileUrl ?? '');
      return (
        <a
          className="chat-file"
          href={url || undefined}
          download={name}
          data-testid="chat-file"
          target="_blank"
          rel="noreferrer"
        >
          <FileOutline className="chat-file__icon" />
          <span className="chat-file__body">
            <span className="chat-file__name">{name}</span>
            <span className="chat-file__size">{fileSize(size)}</span>
          </span>
          {uploading && <Uploading progress={m.progress} />}
        </a>
      );
    }
    case 'TIMLocationElem': {
      const p = m.payload as { description?: string; latitude?: number; longitude?: number };
      const q = new URLSearchParams({
        address: String(p.description ?? ''),
        latitude: String(p.latitude ?? ''),
        longitude: String(p.longitude ?? ''),
      });
      return (
        <button
          type="button"
          className="chat-location"
          data-testid="chat-location"
          onClick={() => navigate(`${PATHS.openLocation}?${q}`)}
        >
          <span className="chat-location__title">
            <EnvironmentOutline /> {p.description}
          </span>
          <span className="chat-location__coord">
            {Number(p.latitude).toFixed(5)}, {Number(p.longitude).toFixed(5)}
          </span>
        </button>
      );
    }
    case 'TIMCustomElem': {
      const card = parseCard(m.payload);
      if (!card)
        return (
          <div className="chat-bubble__text">{String(m.payload.description || '[自定义消息]')}</div>
        );
      return <CardView card={card} />;
    }
    default:
      return (
        <div className="chat-bubble__text chat-bubble__text--muted">
          {KNOWN_TYPES.has(m.type) ? `[${m.type}]` : UNSUPPORTED_TEXT}
        </div>
      );
  }
}

export function CardView({ card }: { card: NonNullable<ReturnType<typeof parseCard>> }) {
  const navigate = useNavigate();
  const open = () =>
    card.kind === 'product'
      ? navigate(`${PATHS.product}?id=${encodeURIComponent(card.id)}`)
      : navigate(`${PATHS.orderInfo}?orderNo=${encodeURIComponent(card.id)}`);
  return (
    <button type="button" className="chat-card" onClick={open} data-testid="chat-card">
      {card.image && <img src={card.image} alt="" />}
      <span className="chat-card__body">
        <span className="chat-card__kind">
          {card.kind === 'product' ? '商品' : `订单 ${card.id}`}
        </span>
        <span className="chat-card__title">{card.title}</span>
        <span className="chat-card__price">{formatPrice(card.price)}</span>
      </span>
    </button>
  );
}

/** One row of the chat: a grey tip (group tip, revoked) or a bubble with avatar and marks. */
export function MessageRow({
  m,
  me,
  isC2C,
  name,
  onLongPress,
  onResend,
}: {
  m: Message;
  me: string;
  isC2C: boolean;
  name: string;
  onLongPress: (m: Message) => void;
  onResend: (m: Message) => void;
}) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (m.isRevoked)
    return (
      <div className="chat-tip" data-testid="chat-revoked">
        {revokedText(m.from, me)}
      </div>
    );
  if (m.type === 'TIMGroupTipElem') return <GroupTip payload={m.payload} />;
  if (m.type === 'TIMGroupSystemNoticeElem')
    return <div className="chat-tip">{groupNoticeText(m.payload)}</div>;
  const mine = m.from === me;
  const press = {
    onContextMenu: (e: React.MouseEvent) => {
      e.preventDefault();
      onLongPress(m);
    },
    onTouchStart: () => {
      timer.current = setTimeout(() => onLongPress(m), 500);
    },
    onTouchEnd: () => clearTimeout(timer.current),
    onTouchMove: () => clearTimeout(timer.current),
  };
  return (
    <div
      className={`chat-row${mine ? ' chat-row--mine' : ''}`}
      data-testid="chat-row"
      data-status={m.status}
    >
      <div className="chat-avatar">
        {m.avatar ? (
          <img src={m.avatar} alt="" />
        ) : (
          (m.nick || (mine ? '我' : name) || m.from).slice(0, 1)
        )}
      </div>
      <div className="chat-row__main">
        {!isC2C && !mine && <div className="chat-row__nick">{m.nick || m.from}</div>}
        <div className="chat-row__line">
          {mine && m.status === 'fail' && (
            <button
              type="button"
              className="chat-fail"
              aria-label="重新发送"
              data-testid="chat-resend"
              onClick={() => onResend(m)}
            >
              !
            </button>
          )}
          {mine && isC2C && m.status === 'success' && (
            <span
              className={`chat-read${m.isPeerRead ? ' chat-read--yes' : ''}`}
              data-testid="chat-read"
            >
              {m.isPeerRead ? '已读' : '未读'}
            </span>
          )}
          <div className="chat-bubble" {...press}>
            <MessageContent m={m} />
          </div>
        </div>
      </div>
    </div>
  );
}
