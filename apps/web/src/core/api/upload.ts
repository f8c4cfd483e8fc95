import { upload } from './client.ts';

export const uploadApi = {
  /** SPEC §7: one image per request under field `files`; data is the stored URL. */
  image: (blob: Blob, filename?: string) =>
    upload('common/multipleUploadLocal', 'files', blob, filename),
  video: (blob: Blob, filename?: string) =>
    upload('common/localUploadVideo', 'file', blob, filename),
};
