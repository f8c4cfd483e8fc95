import { imageUrl as withCdn } from '@chaopin/core/format';

// Money and time formatting live in packages/core, shared with the mini-program.
export * from '@chaopin/core/format';

/** SPEC §9's CDN prefix for stored image paths, from VITE_CDN_BASE. */
export function imageUrl(path: string, cdnBase: string = import.meta.env?.VITE_CDN_BASE ?? '') {
  return withCdn(path, cdnBase);
}
