import { get } from '../../core/api/client.ts';

/** The order module's reads of the deal pages (prize orders placed by other features). */
export const orderFeatureApi = {
  dealShipping: (skuId: number) => get('order/dealShipping', { skuId }),
};

export const orderFeatureKeys = {
  dealShipping: (skuId: number) => ['order', 'dealShipping', skuId] as const,
};
