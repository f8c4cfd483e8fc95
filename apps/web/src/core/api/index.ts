export { accountApi } from './account.ts';
export { addressApi } from './address.ts';
export { cartApi } from './cart.ts';
export { ApiError, isApiError, setUnauthorizedHandler } from './client.ts';
export { browseApi, collectionApi, focusApi, productApi, searchApi, storeApi } from './goods.ts';
export { goodsApi, homeApi, type ProductListParams } from './home.ts';
export { orderApi, payApi } from './order.ts';
export { uploadApi } from './upload.ts';
export { userApi } from './user.ts';
