import { ZONE_PAGE_KEYS } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { zoneCategoriesQuery } from '../api.ts';
import { shopSortPath } from '../components/MallCategories.tsx';
import { ZoneGoods } from '../components/ZoneGoods.tsx';
import '../zone.css';

/** homeShopsort: the mall's goods of one category (?categoryId=), with tabs to the others. */
export default function ShopSortPage() {
  const [params] = useSearchParams();
  const cats = useQuery(zoneCategoriesQuery(ZONE_PAGE_KEYS.shopMall));
  const list = cats.data?.list ?? [];
  const asked = Number(params.get('categoryId'));
  const categoryId = Number.isInteger(asked) && asked > 0 ? asked : list[0]?.id;
  return (
    <div className="zone-page">
      {list.length > 0 && (
        <nav className="zone-tabs" aria-label="分类">
          {list.map((c) => (
            <Link
              key={c.id}
              to={shopSortPath(c.id)}
              replace
              className={
                c.id === categoryId ? 'zone-tabs__tab zone-tabs__tab--on' : 'zone-tabs__tab'
              }
            >
              {c.name}
            </Link>
          ))}
        </nav>
      )}
      {categoryId !== undefined || cats.isSuccess ? (
        <ZoneGoods
          zoneKey={ZONE_PAGE_KEYS.shopMall}
          categoryId={categoryId}
          empty="该分类暂无商品，换个分类看看吧"
        />
      ) : null}
    </div>
  );
}
