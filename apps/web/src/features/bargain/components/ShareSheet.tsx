import type { BargainEditionId } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, DotLoading, Popup } from 'antd-mobile';
import { useState } from 'react';
import { copyText } from '../../../core/clipboard.ts';
import { formatPrice } from '../../../core/format.ts';
import { Img } from '../../../ui/Img.tsx';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { bargainApi, bargainKeys } from '../api.ts';
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
 * 邀请好友帮砍: the share card a friend sees, the link to the help page to copy and send, and on
 * demand the server's poster (its QR the same link) to save and post.
 */
export function ShareSheet(props: Props) {
  const { visible, onClose, edition, bargainId, sharePath, title, image, remaining, starter } =
    props;
  const link = shareLink(location.origin, edition, bargainId, sharePath);
  const [wantPoster, setWantPoster] = useState(false);
  const poster = useQuery({
    queryKey: bargainKeys.poster(bargainId),
    queryFn: () => bargainApi.poster(bargainId),
    enabled: visible && wantPoster,
    staleTime: Number.POSITIVE_INFINITY,
  });
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
        {!wantPoster && (
          <Button block fill="none" color="primary" onClick={() => setWantPoster(true)}>
            生成分享海报
          </Button>
        )}
        {wantPoster && (
          <div className="bg-share__poster">
            {poster.data ? (
              <>
                <img src={poster.data.poster} alt="帮砍海报" data-testid="bargain-poster" />
                <p>长按图片保存，发给好友或朋友圈</p>
              </>
            ) : poster.isError ? (
              <p>海报生成失败，请稍后再试</p>
            ) : (
              <DotLoading />
            )}
          </div>
        )}
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
