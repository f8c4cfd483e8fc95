import { ZONE_PAGE_KEYS } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { AppstoreOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { Img } from '../../../ui/Img.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { zoneCategoriesQuery } from '../api.ts';

export const shopSortPath = (categoryId: number) =>
  `${PATHS.homeShopsort}?categoryId=${categoryId}`;

/** The mall's categories as icons; `all` adds 全部分类 (cpShopMallSort). */
export function MallCategories({ all = false }: { all?: boolean }) {
  const { data } = useQuery(zoneCategoriesQuery(ZONE_PAGE_KEYS.shopMall));
  if (!data?.list.length) return null;
  return (
    <nav className="zone-cats" aria-label="商城分类" data-testid="mall-categories">
      {data.list.map((c) => (
        <Link key={c.id} to={shopSortPath(c.id)} className="zone-cats__item">
          <Img className="zone-cats__icon" src={c.icon} alt="" />
          <span>{c.name}</span>
        </Link>
      ))}
      {all && (
        <Link
          to={PATHS.cpShopMallSort}
          className="zone-cats__item"
          data-testid="mall-all-categories"
        >
          <span className="zone-cats__icon zone-cats__icon--all">
            <AppstoreOutline />
          </span>
          <span>全部分类</span>
        </Link>
      )}
    </nav>
  );
}
