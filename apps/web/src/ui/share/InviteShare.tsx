import { Button } from 'antd-mobile';
import { DownlandOutline, LinkOutline } from 'antd-mobile-icons';
import { copyText } from '../../core/clipboard.ts';
import { imageUrl } from '../../core/format.ts';
import { Img } from '../Img.tsx';
import { showSuccess, showToast } from '../toast.ts';

interface Props {
  inviteCode: string;
  /** What a friend opens: the registration link, or a page of the app carrying my code. */
  link: string;
  /** The server-drawn poster (its QR code holds my registration link). */
  posterUrl: string;
  /** Called when the link is copied or the poster saved (the share task counts it). */
  onShared?: () => void;
}

async function copy(text: string, done: string) {
  if (await copyText(text)) showSuccess(done);
  else showToast('复制失败，请长按选中后复制');
}

/** My invitation as a friend receives it: the poster, my code and the link, each to copy or save. */
export function InviteShare({ inviteCode, link, posterUrl, onShared }: Props) {
  return (
    <div className="pr-share" data-testid="invite-share">
      <Img className="pr-share__poster" src={posterUrl} alt="邀请海报" loading="eager" />
      <p className="pr-share__hint">长按图片保存到相册，分享给好友</p>
      <div className="pr-share__code">
        <span>我的邀请码</span>
        <strong data-testid="invite-code">{inviteCode}</strong>
        <button
          type="button"
          className="pr-share__copy"
          onClick={() => void copy(inviteCode, '邀请码已复制')}
        >
          复制
        </button>
      </div>
      <div className="pr-share__actions">
        <Button
          block
          shape="rounded"
          onClick={() => {
            void copy(link, '链接已复制');
            onShared?.();
          }}
        >
          <LinkOutline /> 复制链接
        </Button>
        {/* A real link, so the browser saves the PNG itself (the long-press covers in-app views). */}
        <a
          className="pr-share__save"
          href={imageUrl(posterUrl)}
          download={`邀请海报-${inviteCode}.png`}
          onClick={() => onShared?.()}
        >
          <DownlandOutline /> 保存海报
        </a>
      </div>
    </div>
  );
}
