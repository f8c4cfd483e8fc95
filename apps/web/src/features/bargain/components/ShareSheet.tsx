import type { BargainEditionId } from '@chaopin/contracts';
import { Button, Popup } from 'antd-mobile';
import { copyText } from '../../../core/clipboard.ts';
import { formatPrice } from '../../../core/format.ts';
import { Img } from '../../../ui/Img.tsx';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { shareLink } from '../edition.ts';

interface Props {
  visible: boolean;
  onClose: () => void;
  edition: BargainEditionId;
  bargainId: number;
  sharePath: string;
  title: string;
  image: string;
  remaining: number;
  starter: string;
}

/**
 * 邀请好友帮砍: the share card a friend sees and the link to the help page, to copy and send.
 * (The server draws no bargain poster: the card is the page's own.)
 */
export function ShareSheet(props: Props) {
  const { visible, onClose, edition, bargainId, sharePath, title, image, remaining, starter } =
    props;
  const link = shareLink(location.origin, edition, bargainId, sharePath);
  const copy = async () => {
    if (await copyText(link)) showSuccess('链接已复制，快发给好友吧');
    else showToast('复制失败，请长按链接复制');
  };
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName={`bg-share bg--${edition}`}
    >
      <div className="bg-share__body" data-testid="bargain-share">
        <h3>邀请好友帮砍</h3>
        <div className="bg-share__card">
          <Img className="bg-share__image" src={image} alt={title} loading="eager" />
          <div>
            <p className="bg-share__who">{starter}邀请你帮TA砍一刀</p>
            <p className="text-clamp-2">{title}</p>
            <p className="bg-share__left">还差{formatPrice(remaining)}就能免费拿</p>
          </div>
        </div>
        <p className="bg-share__link" data-testid="bargain-share-link">
          {link}
        </p>
        <div className="bg-share__actions">
          <Button block shape="rounded" onClick={onClose}>
            取消
          </Button>
          <Button block shape="rounded" color="primary" onClick={() => void copy()}>
            复制链接
          </Button>
        </div>
      </div>
    </Popup>
  );
}
