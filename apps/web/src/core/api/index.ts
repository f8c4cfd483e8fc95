export { accountApi } from './account.ts';
export { ApiError, isApiError, setUnauthorizedHandler } from './client.ts';
export { goodsApi, homeApi, type ProductListParams } from './home.ts';
export { uploadApi } from './upload.ts';
export { userApi } from './user.ts';
