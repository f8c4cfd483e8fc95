import { type ImgHTMLAttributes, useState } from 'react';
import { imageUrl } from '../../core/format.ts';

export const DEFAULT_IMAGE = '/default-image.svg';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { src?: string | null };

/** SPEC §9: every image falls back to the default picture when it is missing or fails to load. */
export function Img({ src, alt = '', loading = 'lazy', ...rest }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const url = src ? imageUrl(src) : '';
  const shown = !url || failedSrc === url ? DEFAULT_IMAGE : url;
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
