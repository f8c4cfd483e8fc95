import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '../../core/format.ts';
import { Img } from '../Img.tsx';
import { PATHS } from '../pageConfig.ts';

interface Line {
  skuId: number;
  productId: number;
  title: string;
  skuName: string;
  image: string;
  price: number;
  quantity: number;
}

/** The goods of one store in an order or a preview. */
export function OrderLines<T extends Line>({
  items,
  link = true,
  extra,
}: {
  items: T[];
  link?: boolean;
  /** Something under a line (e.g. the after-sales button on the order detail). */
  extra?: (item: T) => ReactNode;
}) {
  return (
    <div className="order-lines">
      {items.map((item) => {
        const below = extra?.(item);
        const body = (
          <>
            <Img className="order-line__image" src={item.image} alt={item.title} />
            <div className="order-line__body">
              <div className="order-line__title text-clamp-2">{item.title}</div>
              <div className="order-line__sku">{item.skuName}</div>
            </div>
            <div className="order-line__side">
              <div className="order-line__price">{formatPrice(item.price)}</div>
              <div className="order-line__qty">×{item.quantity}</div>
            </div>
          </>
        );
        const line =
          link && item.productId > 0 ? (
            <Link
              key={item.skuId}
              className="order-line"
              to={`${PATHS.product}?id=${item.productId}`}
            >
              {body}
            </Link>
          ) : (
            <div key={item.skuId} className="order-line">
              {body}
            </div>
          );
        if (!below) return line;
        return (
          <div key={item.skuId} className="order-line-wrap">
            {line}
            <div className="order-line__extra">{below}</div>
          </div>
        );
      })}
    </div>
  );
}
