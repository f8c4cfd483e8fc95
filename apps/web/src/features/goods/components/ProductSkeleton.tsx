import { SkeletonText } from '../../../ui/Skeleton.tsx';

/** The product page while its detail loads: the gallery's square, the price and the title. */
export function ProductSkeleton() {
  return (
    <div aria-hidden="true" data-testid="product-skeleton">
      <div className="pd-gallery">
        <span className="sk" style={{ aspectRatio: '1 / 1' }} />
      </div>
      <section className="pd-price">
        <SkeletonText size="short" />
      </section>
      <section className="pd-title">
        <SkeletonText size="long" />
        <SkeletonText />
      </section>
    </div>
  );
}
