import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useInAppLink } from '../../../ui/hooks/useInAppLink.ts';
import { Img } from '../../../ui/Img.tsx';
import { placeholders, SkeletonText } from '../../../ui/Skeleton.tsx';
import { showToast } from '../../../ui/toast.ts';
import { menuQuery } from '../api.ts';

/** Entries per page: two rows of five. More entries (e.g. the zones') go on further pages. */
const PAGE_SIZE = 10;

/**
 * The channel menu: pages of two rows of five, swiped sideways. The menu is always two rows high,
 * however many entries the operator adds, so the skeleton it replaces has its size and nothing
 * below it moves when it arrives (it grew to four rows with the zone entries: a layout shift).
 */
export function MenuGrid() {
  const { data: menu, isPending } = useQuery(menuQuery());
  const navigate = useNavigate();
  const linkTarget = useInAppLink();
  const [shown, setShown] = useState(0);
  if (isPending) {
    return (
      <div className="home-menu card" aria-hidden="true" data-testid="home-menu-skeleton">
        <div className="home-menu__pages">
          <div className="home-menu__page">
            {placeholders(PAGE_SIZE).map((key) => (
              <span key={key} className="home-menu__item">
                <span className="home-menu__icon sk" />
                <SkeletonText className="home-menu__name" />
              </span>
            ))}
          </div>
        </div>
        <div className="home-menu__dots" />
      </div>
    );
  }
  if (!menu || menu.length === 0) return null;
  const pages = Array.from({ length: Math.ceil(menu.length / PAGE_SIZE) }, (_, i) =>
    menu.slice(i * PAGE_SIZE, (i + 1) * PAGE_SIZE),
  );

  return (
    <nav className="home-menu card" aria-label="频道">
      <div
        className="home-menu__pages"
        onScroll={(e) =>
          setShown(Math.round(e.currentTarget.scrollLeft / e.currentTarget.clientWidth))
        }
      >
        {pages.map((page, i) => (
          // A page is known by its place (its entries change with the operator's menu).
          // biome-ignore lint/suspicious/noArrayIndexKey: pages have no identity of their own
          <div key={i} className="home-menu__page">
            {page.map((entry) => {
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
          </div>
        ))}
      </div>
      <div className="home-menu__dots" aria-hidden="true">
        {pages.length > 1 &&
          pages.map((_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one dot per page, by its place
            <i key={i} className={i === shown ? 'home-menu__dot--on' : undefined} />
          ))}
      </div>
    </nav>
  );
}
