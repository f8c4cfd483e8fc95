import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useInAppLink } from '../../../ui/hooks/useInAppLink.ts';
import { Img } from '../../../ui/Img.tsx';
import { placeholders } from '../../../ui/Skeleton.tsx';
import { activityQuery } from '../api.ts';

/** Operator-managed activity buttons: a row of cards under the menu; only working links show. */
export function ActivityCards() {
  const { data, isPending } = useQuery(activityQuery());
  const navigate = useNavigate();
  const linkTarget = useInAppLink();
  const cards = (data ?? []).flatMap((a) => {
    const target = linkTarget(a.link);
    return target ? [{ ...a, target }] : [];
  });
  if (isPending) {
    return (
      <div className="home-activity" aria-hidden="true">
        {placeholders(3).map((key) => (
          <span key={key} className="home-activity__card" />
        ))}
      </div>
    );
  }
  if (cards.length === 0) return null;

  return (
    <nav className="home-activity" aria-label="活动">
      {cards.map((a) => (
        <button
          type="button"
          key={a.id}
          className="home-activity__card"
          aria-label={a.title}
          onClick={() => navigate(a.target)}
        >
          <Img className="home-activity__image" src={a.image} alt={a.title} />
        </button>
      ))}
    </nav>
  );
}
