import { useQuery } from '@tanstack/react-query';
import { formatPrice } from '../../core/format.ts';
import { orderFeatureApi, orderKeys } from './orderApi.ts';

/**
 * The 运费 line of a ¥0 prize's confirm page: what its order will be charged, from the server's
 * own rule, before the user taps to claim (免运费 when nothing).
 */
export function PrizeShipping({ skuId, className }: { skuId: number; className?: string }) {
  const query = useQuery({
    queryKey: orderKeys.dealShipping(skuId),
    queryFn: () => orderFeatureApi.dealShipping(skuId),
  });
  const fee = query.data?.shippingFee;
  return (
    <div className={className} data-testid="prize-shipping">
      <span>运费</span>
      <span>{fee === undefined ? '…' : fee > 0 ? formatPrice(fee) : '免运费'}</span>
    </div>
  );
}
