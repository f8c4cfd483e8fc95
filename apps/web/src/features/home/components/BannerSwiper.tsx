import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useInAppLink } from '../../../ui/hooks/useInAppLink.ts';
import { Img } from '../../../ui/Img.tsx';
import { bannersQuery } from '../api.ts';
import { Carousel } from './Carousel.tsx';

export function BannerSwiper() {
  const { data: banners } = useQuery(bannersQuery());
  const navigate = useNavigate();
  const linkTarget = useInAppLink();

  if (!banners) return <div className="home-banner home-banner--placeholder" />;
  if (banners.length === 0) return null;

  return (
    <div className="home-banner" data-testid="home-banner">
      <Carousel>
        {banners.map((banner) => {
          const target = linkTarget(banner.link);
          return (
            <Img
              key={banner.id}
              className="home-banner__image"
              src={banner.image}
              alt={banner.title}
              loading="eager"
              onClick={() => target && navigate(target)}
            />
          );
        })}
      </Carousel>
    </div>
  );
}
