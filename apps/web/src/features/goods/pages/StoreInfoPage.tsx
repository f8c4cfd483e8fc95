import { useQuery } from '@tanstack/react-query';
import { ErrorBlock } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router';
import { formatCount, formatDate } from '../../../core/format.ts';
import { Img } from '../../../ui/Img.tsx';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { storeQuery } from '../api.ts';
import '../productDetail.css';

/** The store's facts: logo, name, score, description, counts, opening date and its licence. */
export default function StoreInfoPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const store = useQuery({ ...storeQuery(id), enabled: valid });
  const navigate = useNavigate();

  if (!valid || store.isError) {
    return <ErrorBlock status="empty" title="店铺不存在" description="去看看其他店铺吧" />;
  }
  if (!store.data) return <PageLoading />;
  const s = store.data;

  return (
    <div className="store-info">
      <header className="store-info__head">
        <Img className="store-info__logo" src={s.logo} alt={s.name} />
        <h1 className="store-info__name">{s.name}</h1>
      </header>
      <section className="pd-section">
        <div className="pd-row">
          <span className="pd-row__label">店铺评分</span>
          <span className="pd-row__value">{(s.score / 10).toFixed(1)}</span>
        </div>
        <div className="pd-row">
          <span className="pd-row__label">关注人数</span>
          <span className="pd-row__value">{formatCount(s.followerCount)}</span>
        </div>
        <div className="pd-row">
          <span className="pd-row__label">在售商品</span>
          <span className="pd-row__value">{s.productCount}件</span>
        </div>
        <div className="pd-row">
          <span className="pd-row__label">开店时间</span>
          <span className="pd-row__value">{formatDate(s.openedAt)}</span>
        </div>
        <button
          type="button"
          className="pd-row"
          onClick={() => navigate(`${PATHS.storeLicense}?id=${s.id}`)}
        >
          <span className="pd-row__label">营业执照</span>
          <span className="pd-row__value">查看</span>
          <RightOutline />
        </button>
      </section>
      {s.description && (
        <section className="pd-section store-info__desc">
          <h2>店铺简介</h2>
          <p>{s.description}</p>
        </section>
      )}
    </div>
  );
}
