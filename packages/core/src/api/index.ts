export { ApiCallError, type ApiCalls, createApiCalls } from './calls.ts';
export {
  type ApiAdapters,
  type ApiClient,
  type CredentialStore,
  createApiClient,
} from './client.ts';
export type {
  ApiData,
  ApiMethod,
  ApiPath,
  ApiQuery,
  ApiRequestBody,
  Operation,
} from './operations.ts';
export type { paths } from './schema';
