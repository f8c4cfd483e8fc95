import { type ReactNode, type RefObject, useState } from 'react';
import { Img } from '../../../ui/Img.tsx';

/**
 * The product's pictures, swiped on native scroll snapping (as the home banner's Carousel). Not
 * antd-mobile's Swiper: it needs react-spring and use-gesture (~22 KB gzipped, two more files),
 * and the first picture is the page's largest paint, so nothing should wait on them.
 */
export function ProductGallery({
  images,
  title,
  galleryRef,
  onFirstLoad,
  children,
}: {
  images: string[];
  title: string;
  galleryRef: RefObject<HTMLDivElement | null>;
  onFirstLoad: () => void;
  /** Overlays (the video button). */
  children?: ReactNode;
}) {
  const [slide, setSlide] = useState(0);
  return (
    <div className="pd-gallery" ref={galleryRef}>
      <div
        className="pd-gallery__track"
        data-testid="pd-gallery-track"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.clientWidth) setSlide(Math.round(el.scrollLeft / el.clientWidth));
        }}
      >
        {images.map((src, i) => (
          <div className="pd-gallery__slide" key={src}>
            <Img
              className="pd-gallery__image"
              src={src}
              alt={`${title} 图${i + 1}`}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
              onLoad={i === 0 ? onFirstLoad : undefined}
            />
          </div>
        ))}
      </div>
      <span className="pd-gallery__index">
        {Math.min(slide, images.length - 1) + 1}/{images.length}
      </span>
      {children}
    </div>
  );
}
