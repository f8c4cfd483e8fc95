import type { ProductSort } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { ErrorBlock, SideBar } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Img } from '../../../ui/Img.tsx';
import { FeedSkeleton, ProductFeed } from '../../../ui/product/ProductFeed.tsx';
import { placeholders, SkeletonText } from '../../../ui/Skeleton.tsx';
import { SortBar } from '../../../ui/SortBar.tsx';
import '../../../ui/category.css';
import { categoriesQuery } from '../../../ui/category/categoriesQuery.ts';
import { ListStates } from '../../../ui/ListStates.tsx';

export default function CategoryPage() {
  const query = useQuery(categoriesQuery());
  const categories = query.data;
  const [params, setParams] = useSearchParams();
  const [sort, setSort] = useState<ProductSort>('default');

  if (!categories?.length) {
    return (
      <ListStates
        query={query}
        isEmpty
        loading={<CategorySkeleton />}
        errorIcon={<ExclamationCircleOutline />}
        empty={<ErrorBlock status="empty" title="暂无分类" />}
      />
    );
  }

  // ?id= picks a first-level category (links from the home menu); default is the first one.
  const wanted = Number(params.get('id'));
  const current = categories.find((c) => c.id === wanted) ?? categories[0]!;
  // ?child= picks a second-level one (a category coupon's link), kept in the URL like ?id=.
  const wantedChild = Number(params.get('child'));
  const childId = current.children.some((c) => c.id === wantedChild) ? wantedChild : null;
  const setChildId = (id: number | null) =>
    setParams(
      id === null ? { id: String(current.id) } : { id: String(current.id), child: String(id) },
      { replace: true },
    );
  const selectFirst = (key: string) => {
    setParams({ id: key }, { replace: true });
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="category">
      <aside className="category__side">
        <SideBar activeKey={String(current.id)} onChange={selectFirst}>
          {categories.map((c) => (
            <SideBar.Item key={String(c.id)} title={c.name} />
          ))}
        </SideBar>
      </aside>
      <section className="category__main">
        {current.children.length > 0 && (
          <div className="category__children card">
            <button
              type="button"
              className={childId === null ? 'category__child is-active' : 'category__child'}
              onClick={() => setChildId(null)}
            >
              <Img className="category__child-icon" src={current.icon} alt="" />
              <span>全部</span>
            </button>
            {current.children.map((child) => (
              <button
                type="button"
                key={child.id}
                className={childId === child.id ? 'category__child is-active' : 'category__child'}
                onClick={() => setChildId(child.id)}
              >
                <Img className="category__child-icon" src={child.icon} alt="" />
                <span>{child.name}</span>
              </button>
            ))}
          </div>
        )}
        <SortBar sort={sort} onChange={setSort} />
        <ProductFeed categoryId={childId ?? current.id} sort={sort} layout="rows" />
      </section>
    </div>
  );
}

/** The page's layout with placeholders: the side list, the sub-categories and the first rows. */
function CategorySkeleton() {
  return (
    <div className="category" aria-hidden="true" data-testid="category-skeleton">
      <aside className="category__side">
        {placeholders(8).map((key) => (
          <SkeletonText key={key} className="category__side-sk" />
        ))}
      </aside>
      <section className="category__main">
        <div className="category__children card">
          {placeholders(6).map((key) => (
            <span key={key} className="category__child">
              <span className="category__child-icon sk" />
              <SkeletonText />
            </span>
          ))}
        </div>
        <FeedSkeleton layout="rows" />
      </section>
    </div>
  );
}
