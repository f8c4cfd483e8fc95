import type { ProductSort } from '@chaopin/contracts';

const SORTS: { key: 'default' | 'sales' | 'price' | 'new'; label: string }[] = [
  { key: 'default', label: '综合' },
  { key: 'sales', label: '销量' },
  { key: 'price', label: '价格' },
  { key: 'new', label: '新品' },
];

/** 综合 / 销量 / 价格 (tap again to flip ascending ↔ descending) / 新品. */
export function SortBar({
  sort,
  onChange,
}: {
  sort: ProductSort;
  onChange: (s: ProductSort) => void;
}) {
  const priceActive = sort === 'priceAsc' || sort === 'priceDesc';
  const select = (key: (typeof SORTS)[number]['key']) => {
    if (key !== 'price') return onChange(key);
    onChange(sort === 'priceAsc' ? 'priceDesc' : 'priceAsc');
  };
  return (
    <div className="sort-bar" role="tablist" aria-label="排序">
      {SORTS.map(({ key, label }) => {
        const active = key === 'price' ? priceActive : sort === key;
        return (
          <button
            type="button"
            role="tab"
            aria-selected={active}
            key={key}
            className={active ? 'sort-bar__item sort-bar__item--active' : 'sort-bar__item'}
            onClick={() => select(key)}
          >
            {label}
            {key === 'price' && (
              <span className="sort-bar__arrows" aria-hidden>
                <i className={sort === 'priceAsc' ? 'on' : ''}>▲</i>
                <i className={sort === 'priceDesc' ? 'on' : ''}>▼</i>
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
