import { useQuery } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { isApiError } from '../../../core/api/client.ts';
import { copyText } from '../../../core/clipboard.ts';
import { formatDateTime } from '../../../core/format.ts';
import { showToast } from '../../../ui/toast.ts';
import { pushQuery } from '../api.ts';
import { maskStreamKey } from '../shelf.ts';

async function copy(text: string) {
  showToast((await copyText(text)) ? '已复制' : '复制失败，请长按手动复制');
}

/** 推流地址: OBS's 服务器 and 串流密钥, each with 复制, and the whole URL for phone apps. */
export function PushAddressCard({ roomId }: { roomId: number }) {
  const push = useQuery(pushQuery(roomId));
  const [reveal, setReveal] = useState(false);
  return (
    <section className="card lh-card lh-push" data-testid="push-address">
      <h3 className="lh-card__title">
        推流地址
        {push.data && (
          <span className="lh-card__aside">有效期至 {formatDateTime(push.data.expiresAt)}</span>
        )}
      </h3>
      {push.isPending ? (
        <DotLoading color="primary" />
      ) : push.isError ? (
        isApiError(push.error) && push.error.code !== 500 ? (
          <p className="lh-muted" data-testid="push-error">
            {push.error.msg}
          </p>
        ) : (
          <button type="button" className="lh-link" onClick={() => push.refetch()}>
            获取失败，点击重试
          </button>
        )
      ) : (
        <>
          <PushRow name="server" label="服务器" value={push.data.server} />
          <PushRow
            name="key"
            label="串流密钥"
            value={push.data.streamKey}
            shown={reveal ? push.data.streamKey : maskStreamKey(push.data.streamKey)}
          >
            <button
              type="button"
              className="lh-push__eye"
              aria-label={reveal ? '隐藏密钥' : '显示密钥'}
              onClick={() => setReveal(!reveal)}
            >
              {reveal ? <EyeOutline /> : <EyeInvisibleOutline />}
            </button>
          </PushRow>
          <PushRow
            name="url"
            label="完整地址"
            value={push.data.url}
            shown={
              reveal ? push.data.url : `${push.data.server}/${maskStreamKey(push.data.streamKey)}`
            }
            wrap
          />
          <p className="lh-push__note">
            在OBS或手机推流App中填入，推流开始后直播间自动开播。请勿将密钥透露给他人。
          </p>
          <PushTips />
        </>
      )}
    </section>
  );
}

/**
 * The encoder settings that decide how far behind the host viewers are: the player joins on the
 * newest key frame, so the key-frame interval bounds a viewer's delay (bench/live/latency.ts).
 */
function PushTips() {
  return (
    <details className="lh-push__tips" data-testid="push-tips">
      <summary>低延迟推流设置</summary>
      <ul>
        <li>关键帧间隔：0.5–1 秒（OBS 填 1；帧率 25 时 GOP 为 12–25）</li>
        <li>码率控制：CBR 固定码率，建议 1500–3000 Kbps</li>
        <li>编码调优：zerolatency（零延迟），预设 veryfast</li>
        <li>关闭 B 帧，分辨率不超过 1280×720</li>
      </ul>
    </details>
  );
}

/** One line of the address: its label, what it shows, and 复制 of the real value. */
function PushRow({
  name,
  label,
  value,
  shown = value,
  wrap = false,
  children,
}: {
  /** Names the row's test ids: push-<name>, copy-<name>. */
  name: 'server' | 'key' | 'url';
  label: string;
  /** The real value: what 复制 copies. */
  value: string;
  /** What the row shows, where it differs (the key masked until revealed). */
  shown?: string;
  /** Breaks a long value over lines instead of cutting it. */
  wrap?: boolean;
  /** Controls before 复制 (the key's eye). */
  children?: ReactNode;
}) {
  return (
    <div className="lh-push__row">
      <span className="lh-push__label">{label}</span>
      <code
        className={`lh-push__value${wrap ? ' lh-push__value--wrap' : ''}`}
        data-testid={`push-${name}`}
      >
        {shown}
      </code>
      {children}
      <button
        type="button"
        className="lh-copy"
        data-testid={`copy-${name}`}
        onClick={() => void copy(value)}
      >
        复制
      </button>
    </div>
  );
}
