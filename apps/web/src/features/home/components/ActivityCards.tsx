import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Img } from '../../../app/ui/Img.tsx';
import { activityQuery } from '../../../core/queries.ts';
import { useInAppLink } from '../useInAppLink.ts';

/** Operator-managed activity buttons: a row of cards under the menu; only working links show. */
export function ActivityCards() {
  const { data } = useQuery(activityQuery());
  const navigate = useNavigate();
  const linkTarget = useInAppLink();
  const cards = (data ?? []).flatMap((a) => {
    const target = linkTarget(a.link);
    return target ? [{ ...a, target }] : [];
  });
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
