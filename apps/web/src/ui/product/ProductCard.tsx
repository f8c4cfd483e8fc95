import type { ProductCard as Product } from '@chaopin/contracts';
import { Link } from 'react-router';
import { formatCount, formatPrice } from '../../core/format.ts';
import { Img } from '../Img.tsx';
import { Price } from '../Price.tsx';
import { PATHS } from '../pageConfig.ts';
import { MemberPriceTag } from './MemberPriceTag.tsx';
import './goods.css';

export const productPath = (id: number) => `${PATHS.product}?id=${id}`;

/** A grid card; the whole card opens the product detail. */
export function ProductCard({ product }: { product: Product }) {
  return (
    <Link to={productPath(product.id)} className="product-card card" data-testid="product-card">
      <div className="product-card__image">
        <Img src={product.image} alt={product.title} />
        <MemberPriceTag price={product.price} className="member-price--on-image" />
      </div>
      <div className="product-card__body">
        <h3 className="product-card__title text-clamp-2">{product.title}</h3>
        <div className="product-card__meta">
          <Price fen={product.price} />
          {product.originPrice > product.price && (
            <del className="product-card__origin">{formatPrice(product.originPrice)}</del>
          )}
        </div>
        <div className="product-card__sales">
          <span className="product-card__store">{product.storeName}</span>
          <span>已售{formatCount(product.sales)}</span>
        </div>
      </div>
    </Link>
  );
}

/** The row layout used by the category list: image left, text right. */
export function ProductRow({ product }: { product: Product }) {
  return (
    <Link to={productPath(product.id)} className="product-row" data-testid="product-row">
      <Img className="product-row__image" src={product.image} alt={product.title} />
      <div className="product-row__body">
        <h3 className="product-row__title text-clamp-2">{product.title}</h3>
        <div className="product-row__store">{product.storeName}</div>
        <MemberPriceTag price={product.price} className="member-price--line" />
        <div className="product-row__bottom">
          <Price fen={product.price} />
          <span className="product-row__sales">已售{formatCount(product.sales)}</span>
        </div>
      </div>
    </Link>
  );
}
