import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDate } from '../../../core/format.ts';
import { useSession } from '../../../core/session.ts';
import { useInAppLink } from '../../../ui/hooks/useInAppLink.ts';
import { popupQuery } from '../api.ts';

const SEEN_KEY = 'chaopin.homePopupDay';
const CLOSED_KEY = 'chaopin.homePopupClosed';
/** Closed popups remembered (the newest ones); older ids have long ended. */
const CLOSED_MAX = 20;

/** Today's China day, e.g. 2026-03-07: "once a day" is China's day wherever the phone is. */
function today(): string {
  return formatDate(Date.now());
}

function seenToday(): boolean {
  try {
    return localStorage.getItem(SEEN_KEY) === today();
  } catch {
    return false;
  }
}

/** Ids of the popups this device closed: each shows no more once closed. */
export function closedPopups(): number[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(CLOSED_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

function markClosed(id: number): void {
  try {
    localStorage.setItem(SEEN_KEY, today());
    const ids = [id, ...closedPopups().filter((x) => x !== id)].slice(0, CLOSED_MAX);
    localStorage.setItem(CLOSED_KEY, JSON.stringify(ids));
  } catch {
    // Private mode: the popup may show again, which is harmless.
  }
}

/**
 * The operator's home popup: at most once a day, and never again once closed. The server
 * decides who it is for (a 新人专享 popup is not answered to a user who has already bought), so
 * the question waits until a stored login has been checked.
 */
export function HomePopupDialog() {
  const [open, setOpen] = useState(() => !seenToday());
  const status = useSession((s) => s.status);
  const userId = useSession((s) => (s.isLogin ? (s.user?.id ?? null) : null));
  const { data: popup } = useQuery({
    ...popupQuery(userId),
    enabled: open && status !== 'checking',
  });
  const navigate = useNavigate();
  const linkTarget = useInAppLink();
  if (!open || !popup || closedPopups().includes(popup.id)) return null;
  const target = linkTarget(popup.link);
  const close = () => {
    markClosed(popup.id);
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
