import { queryOptions } from '@tanstack/react-query';
import { cartApi, cartKeys } from '../../ui/cart/cartApi.ts';

export {
  type CartSelectTarget,
  cartApi,
  cartCountQuery,
  cartKeys,
} from '../../ui/cart/cartApi.ts';

export const cartQuery = () => queryOptions({ queryKey: cartKeys.cart, queryFn: cartApi.list });
