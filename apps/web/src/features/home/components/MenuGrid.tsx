import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { showToast } from '../../../app/toast.ts';
import { Img } from '../../../app/ui/Img.tsx';
import { menuQuery } from '../../../core/queries.ts';
import { useInAppLink } from '../useInAppLink.ts';

export function MenuGrid() {
  const { data: menu } = useQuery(menuQuery());
  const navigate = useNavigate();
  const linkTarget = useInAppLink();
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
