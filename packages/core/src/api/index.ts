export {
  type ApiAdapters,
  type ApiClient,
  type CredentialStore,
  createApiClient,
} from './client.ts';
export type { ApiBody, ApiData, ApiMethod, ApiPath, ApiQuery, Operation } from './operations.ts';
export type { paths } from './schema';
