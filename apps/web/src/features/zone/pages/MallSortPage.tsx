import { ZONE_PAGE_KEYS } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { AppstoreOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Img } from '../../../ui/Img.tsx';
import { zoneCategoriesQuery } from '../api.ts';
import { shopSortPath } from '../components/MallCategories.tsx';
import '../zone.css';
import { ListStates } from '../../../ui/ListStates.tsx';

/** cpShopMallSort: every category of the mall with how many goods it has. */
export default function MallSortPage() {
  const query = useQuery(zoneCategoriesQuery(ZONE_PAGE_KEYS.shopMall));
  return (
    <ListStates
      query={query}
      isEmpty={!query.data?.list.length}
      errorIcon={<AppstoreOutline />}
      empty={
        <EmptyState
          icon={<AppstoreOutline />}
          title="暂无分类"
          description="商城正在上新，敬请期待"
        />
      }
    >
      {() => (
        <ul className="zone-sort" data-testid="mall-sort">
          {query.data!.list.map((c) => (
            <li key={c.id}>
              <Link to={shopSortPath(c.id)} className="zone-sort__item card">
                <Img className="zone-sort__icon" src={c.icon} alt="" />
                <span className="zone-sort__name">{c.name}</span>
                <span className="zone-sort__count">{c.count}件商品</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </ListStates>
  );
}
