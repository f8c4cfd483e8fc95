import { useQuery } from '@tanstack/react-query';
import { ErrorBlock } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { productQuery } from '../api.ts';
import '../productDetail.css';

/** The product's main video on black, with the browser's own controls. */
export default function VideoPlayPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const product = useQuery({ ...productQuery(id), enabled: valid });
  const navigate = useNavigate();

  if (!valid || product.isError || product.data?.video === null) {
    return <ErrorBlock status="empty" title="视频不存在" />;
  }
  if (!product.data?.video) return <PageLoading />;

  return (
    <div className="video-play">
      <div className="video-play__bar">
        <button type="button" aria-label="返回" onClick={() => navigate(-1)}>
          <LeftOutline />
        </button>
      </div>
      {/* biome-ignore lint/a11y/useMediaCaption: merchants upload product videos without captions. */}
      <video className="video-play__video" src={product.data.video} controls playsInline autoPlay />
    </div>
  );
}
