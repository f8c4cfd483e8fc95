import { Image, ImageViewer } from 'antd-mobile';
import { imageUrl } from '../core/format.ts';

/** Uploaded photos as 72-px thumbnails; a tap opens them all in the viewer at that one. */
export function ThumbGrid({ images, className }: { images: readonly string[]; className: string }) {
  if (!images.length) return null;
  const urls = images.map((s) => imageUrl(s));
  return (
    <div className={className}>
      {urls.map((src, index) => (
        <Image
          key={src}
          src={src}
          width={72}
          height={72}
          fit="cover"
          onClick={() => ImageViewer.Multi.show({ images: urls, defaultIndex: index })}
        />
      ))}
    </div>
  );
}
