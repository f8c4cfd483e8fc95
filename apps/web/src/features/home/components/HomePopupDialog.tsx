import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { popupQuery } from '../../../core/queries.ts';
import { useInAppLink } from '../useInAppLink.ts';

const SEEN_KEY = 'chaopin.homePopupDay';

/** The viewer's local calendar day, e.g. 2026-03-07. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
}

function seenToday(): boolean {
  try {
    return localStorage.getItem(SEEN_KEY) === today();
  } catch {
    return false;
  }
}

function markSeen(): void {
  try {
    localStorage.setItem(SEEN_KEY, today());
  } catch {
    // Private mode: the popup may show again, which is harmless.
  }
}

/** The operator's home popup, at most once a day; a tap on the image follows its link. */
export function HomePopupDialog() {
  const [open, setOpen] = useState(() => !seenToday());
  const { data: popup } = useQuery({ ...popupQuery(), enabled: open });
  const navigate = useNavigate();
  const linkTarget = useInAppLink();
  if (!open || !popup) return null;
  const target = linkTarget(popup.link);
  const close = () => {
    markSeen();
    setOpen(false);
  };

  return (
    <div className="home-popup" role="dialog" aria-modal="true" aria-label={popup.title}>
      <div className="home-popup__body">
        <button
          type="button"
          className="home-popup__image-button"
          onClick={() => {
            close();
            if (target) navigate(target);
          }}
        >
          <img className="home-popup__image" src={popup.image} alt={popup.title} />
        </button>
        <button type="button" className="home-popup__close" aria-label="关闭" onClick={close}>
          ×
        </button>
      </div>
    </div>
  );
}
