import { type RefObject, useEffect } from 'react';

/**
 * The floating header turns solid as the gallery scrolls away (as Taobao and JD do): `--pd-bar-p`
 * goes from 0 (transparent, round buttons over the picture) to 1 (white bar with its title and
 * plain icons) while the page scrolls through the gallery, set once a frame without a re-render.
 */
export function useSolidOnScroll(
  barRef: RefObject<HTMLDivElement | null>,
  galleryRef: RefObject<HTMLDivElement | null>,
  ready: boolean,
) {
  useEffect(() => {
    const bar = barRef.current;
    if (!bar || !ready) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const span = Math.max(1, (galleryRef.current?.offsetHeight ?? 0) - bar.offsetHeight);
      const p = Math.min(1, Math.max(0, window.scrollY / span));
      bar.style.setProperty('--pd-bar-p', p.toFixed(3));
      bar.classList.toggle('is-solid', p > 0.5);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [barRef, galleryRef, ready]);
}
