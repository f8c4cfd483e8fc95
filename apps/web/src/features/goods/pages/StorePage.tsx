import type { ProductSort } from '@chaopin/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock } from 'antd-mobile';
import { Suspense, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatCount } from '../../../core/format.ts';
import { useSession } from '../../../core/session.ts';
import { CouponSheet } from '../../../ui/coupon/CouponSheet.tsx';
import { Img } from '../../../ui/Img.tsx';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { loginPath, PATHS, pageConfigFor } from '../../../ui/pageConfig.ts';
import { ProductFeedView } from '../../../ui/product/ProductFeed.tsx';
import { SortBar } from '../../../ui/SortBar.tsx';
import { showToast } from '../../../ui/toast.ts';
import '../../../ui/category.css';
import { focusApi, goodsKeys, storeGoodsQuery, storeQuery } from '../api.ts';
import { ServiceButton } from '../components/productDetailParts.tsx';
import '../productDetail.css';

const { reachBottomDistance } = pageConfigFor(PATHS.store);

export default function StorePage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const store = useQuery({ ...storeQuery(id), enabled: valid });
  const [sort, setSort] = useState<ProductSort>('default');
  const goods = useInfiniteQuery({ ...storeGoodsQuery(id, sort), enabled: valid });
  const isLogin = useSession((s) => s.isLogin);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  const follow = useMutation({
    mutationFn: (on: boolean) => (on ? focusApi.add(id) : focusApi.remove(id)),
    onSuccess: (_d, on) => {
      void queryClient.invalidateQueries({ queryKey: goodsKeys.store(id) });
      void queryClient.invalidateQueries({ queryKey: goodsKeys.focus });
      showToast(on ? '关注成功' : '已取消关注');
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '操作失败'),
  });

  if (!valid || store.isError) {
    return <ErrorBlock status="empty" title="店铺不存在" description="去看看其他店铺吧" />;
  }
  if (!store.data) return <PageLoading />;
  const s = store.data;

  return (
    <div className="store-page">
      <header className="store-head">
        <Img className="store-head__logo" src={s.logo} alt={s.name} />
        <div className="store-head__info">
          <h1>{s.name}</h1>
          <button
            type="button"
            className="store-head__more"
            onClick={() => navigate(`${PATHS.storeInfo}?id=${s.id}`)}
          >
            店铺详情 · 营业执照 ›
          </button>
          <div className="store-head__meta">
            评分 {(s.score / 10).toFixed(1)} · {formatCount(s.followerCount)}人关注 · 在售
            {s.productCount}件
          </div>
        </div>
        <Suspense fallback={null}>
          <ServiceButton
            className="store-head__service"
            storeId={s.id}
            beforeOpen={() => {
              if (isLogin) return true;
              showToast('请先登录');
              navigate(loginPath(location.pathname + location.search));
              return false;
            }}
          />
        </Suspense>
        <Button
          size="small"
          shape="rounded"
          color={s.isFollowed ? 'default' : 'primary'}
          loading={follow.isPending}
          onClick={() => {
            if (!isLogin) {
              showToast('请先登录');
              navigate(loginPath(location.pathname + location.search));
              return;
            }
            follow.mutate(!s.isFollowed);
          }}
        >
          {s.isFollowed ? '已关注' : '+ 关注'}
        </Button>
      </header>
      {s.description && <p className="store-desc">{s.description}</p>}
      <CouponSheet storeId={s.id} />
      <div className="store-goods">
        <SortBar sort={sort} onChange={setSort} />
        <div className="store-goods__feed">
          <ProductFeedView
            query={goods}
            threshold={reachBottomDistance}
            empty="店铺还没有上架商品"
          />
        </div>
      </div>
    </div>
  );
}
