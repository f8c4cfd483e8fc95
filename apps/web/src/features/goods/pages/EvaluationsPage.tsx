import { useInfiniteQuery } from '@tanstack/react-query';
import { ErrorBlock } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { InfiniteFooter } from '../../../ui/InfiniteFooter.tsx';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS, pageConfigFor } from '../../../ui/pageConfig.ts';
import { evaluationsQuery } from '../api.ts';
import '../productDetail.css';
import { formatDate } from '../../../core/format.ts';

const { reachBottomDistance } = pageConfigFor(PATHS.evaluations);

/** A product's evaluations, newest first, paged. */
export default function EvaluationsPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const query = useInfiniteQuery({ ...evaluationsQuery(id), enabled: valid });

  if (!valid || query.isError) {
    return <ErrorBlock status="empty" title="商品不存在或已下架" />;
  }
  if (!query.data) return <PageLoading />;
  const list = query.data.pages.flatMap((p) => p.list);
  if (list.length === 0) return <EmptyState title="暂无评价" description="买过的朋友还没有评价" />;

  return (
    <div className="evaluations">
      <p className="evaluations__total">共{query.data.pages[0]?.total ?? 0}条评价</p>
      {list.map((e) => (
        <article key={e.id} className="evaluation">
          <header className="evaluation__head">
            <Img className="evaluation__avatar" src={e.avatar} fallback={DEFAULT_AVATAR} alt="" />
            <span className="evaluation__name">{e.nickname}</span>
            <span className="evaluation__stars" role="img" aria-label={`${e.stars}星`}>
              {'★'.repeat(e.stars)}
              <span className="evaluation__stars-off">{'★'.repeat(5 - e.stars)}</span>
            </span>
          </header>
          {e.content && <p className="evaluation__content">{e.content}</p>}
          {e.images.length > 0 && (
            <div className="evaluation__images">
              {e.images.map((src) => (
                <Img key={src} className="evaluation__image" src={src} alt="" loading="lazy" />
              ))}
            </div>
          )}
          <time className="evaluation__time">{formatDate(e.createdAt)}</time>
        </article>
      ))}
      <InfiniteFooter
        hasMore={query.hasNextPage}
        loadMore={() => query.fetchNextPage()}
        threshold={reachBottomDistance}
      />
    </div>
  );
}
