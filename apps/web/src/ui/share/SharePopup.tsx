import { useQuery } from '@tanstack/react-query';
import { Button, DotLoading, Popup } from 'antd-mobile';
import { get } from '../../core/api/client.ts';
import { copyText } from '../../core/clipboard.ts';
import { Img } from '../Img.tsx';
import { showSuccess, showToast } from '../toast.ts';
import './sharePopup.css';

/** 分享: the server's poster (long-press to save) and the short link to copy. */
export function SharePopup({
  productId,
  visible,
  onClose,
}: {
  productId: number;
  visible: boolean;
  onClose: () => void;
}) {
  const share = useQuery({
    queryKey: ['goods', 'share', productId],
    queryFn: () => get('goods/share', { id: productId }),
    enabled: visible,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const link = share.data ? `${location.origin}${share.data.shortUrl}` : '';

  const copy = async () => {
    if (!link) return;
    if (await copyText(link)) showSuccess('链接已复制');
    else showToast('复制失败，请长按海报保存后分享');
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="pd-share"
      destroyOnClose
    >
      <div className="pd-share__body" data-testid="share-popup">
        {share.data ? (
          <Img
            className="pd-share__poster"
            src={share.data.poster}
            alt="分享海报"
            loading="eager"
          />
        ) : share.isError ? (
          <p className="pd-share__hint">海报生成失败，请稍后重试</p>
        ) : (
          <div className="pd-share__loading">
            <DotLoading />
          </div>
        )}
        <p className="pd-share__hint">长按保存图片</p>
        <div className="pd-share__actions">
          <Button block shape="rounded" onClick={onClose}>
            取消
          </Button>
          <Button block shape="rounded" color="primary" disabled={!link} onClick={copy}>
            复制链接
          </Button>
        </div>
      </div>
    </Popup>
  );
}
