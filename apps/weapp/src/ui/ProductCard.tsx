import type { ProductCard as Product } from '@chaopin/contracts';
import { formatCount, formatPrice } from '@chaopin/core/format';
import { Image, Text, View } from '@tarojs/components';
import Taro from '@tarojs/taro';
import { Price } from './Price';
import { productUrl } from './paths';
import './ui.css';

/** A grid card of the product feed; the whole card opens the product detail. */
export function ProductCard({ product }: { product: Product }) {
  return (
    <View
      className="product-card"
      onClick={() => void Taro.navigateTo({ url: productUrl(product.id) })}
    >
      <Image className="product-card__image" src={product.image} mode="aspectFill" lazyLoad />
      <View className="product-card__body">
        <Text className="product-card__title">{product.title}</Text>
        <View className="product-card__meta">
          <Price fen={product.price} />
          {product.originPrice > product.price && (
            <Text className="product-card__origin">{formatPrice(product.originPrice)}</Text>
          )}
        </View>
        <View className="product-card__sales">
          <Text className="product-card__store">{product.storeName}</Text>
          <Text>已售{formatCount(product.sales)}</Text>
        </View>
      </View>
    </View>
  );
}

/** Two columns of cards, with the feed's footer line. */
export function ProductGrid({ products, footer }: { products: Product[]; footer: string }) {
  return (
    <View>
      <View className="product-grid">
        {products.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </View>
      <View className="list-footer">{footer}</View>
    </View>
  );
}
