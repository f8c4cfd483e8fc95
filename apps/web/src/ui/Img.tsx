import { type ImgHTMLAttributes, useState } from 'react';
import { imageUrl } from '../core/format.ts';

export const DEFAULT_IMAGE = '/default-image.svg';
/** The neutral avatar (the server's assets/avatars): logged out, or a user's avatar that fails. */
export const DEFAULT_AVATAR = '/assets/avatars/default.svg';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src?: string | null;
  /** What shows for a missing or broken image: the default picture unless said (an avatar). */
  fallback?: string;
};

/** SPEC §9: every image falls back to the default picture when it is missing or fails to load. */
export function Img({ src, alt = '', loading = 'lazy', fallback = DEFAULT_IMAGE, ...rest }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const url = src ? imageUrl(src) : '';
  const shown = !url || failedSrc === url ? fallback : url;
  return (
    <img
      {...rest}
      src={shown}
      alt={alt}
      loading={loading}
      decoding="async"
      onError={() => url && setFailedSrc(url)}
    />
  );
}
