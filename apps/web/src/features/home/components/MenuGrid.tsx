import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useInAppLink } from '../../../ui/hooks/useInAppLink.ts';
import { Img } from '../../../ui/Img.tsx';
import { placeholders, SkeletonText } from '../../../ui/Skeleton.tsx';
import { showToast } from '../../../ui/toast.ts';
import { menuQuery } from '../api.ts';

export function MenuGrid() {
  const { data: menu, isPending } = useQuery(menuQuery());
  const navigate = useNavigate();
  const linkTarget = useInAppLink();
  if (isPending) {
    // Two rows of five, the menu's usual size, so nothing below moves when it arrives.
    return (
      <div className="home-menu card" aria-hidden="true" data-testid="home-menu-skeleton">
        {placeholders(10).map((key) => (
          <span key={key} className="home-menu__item">
            <span className="home-menu__icon sk" />
            <SkeletonText className="home-menu__name" />
          </span>
        ))}
      </div>
    );
  }
  if (!menu || menu.length === 0) return null;

  return (
    <nav className="home-menu card" aria-label="频道">
      {menu.map((entry) => {
        const target = linkTarget(entry.link);
        return (
          <button
            type="button"
            key={entry.id}
            className="home-menu__item"
            onClick={() => (target ? navigate(target) : showToast('功能即将上线，敬请期待'))}
          >
            <Img className="home-menu__icon" src={entry.icon} alt="" />
            <span className="home-menu__name">{entry.name}</span>
          </button>
        );
      })}
    </nav>
  );
}
