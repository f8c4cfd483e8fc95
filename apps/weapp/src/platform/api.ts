import { ApiCallError, createApiCalls, createApiClient } from '@chaopin/core/api';
import { storedCredentials } from '@chaopin/core/platform';
import Taro from '@tarojs/taro';
import { API_ORIGIN } from './config';
import { taroFetch } from './taroFetch';
import { taroStorage } from './taroStorage';

/** The server's typed API (packages/core), over Taro.request and wx storage. */
export const api = createApiCalls(
  createApiClient({
    baseUrl: API_ORIGIN,
    fetch: taroFetch,
    credentials: storedCredentials(taroStorage),
  }),
);

/** The server's Chinese msg in a toast (the web app's wording when there is none). */
export function toastError(error: unknown): void {
  const title = error instanceof ApiCallError ? error.msg : '请检查网络后重试';
  void Taro.showToast({ title, icon: 'none' });
}
