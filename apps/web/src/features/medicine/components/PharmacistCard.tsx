import type { Pharmacist } from '@chaopin/contracts';
import { StarFill } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { formatCount } from '../../../core/format.ts';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';

/** A pharmacist's face: avatar with the online dot, name and title, hospital, speciality, numbers. */
export function PharmacistCard({
  pharmacist: p,
  actions,
}: {
  pharmacist: Pharmacist;
  actions?: ReactNode;
}) {
  return (
    <div className="med-card" data-testid="pharmacist-card">
      <div className="med-card__avatar">
        <Img src={p.avatar} fallback={DEFAULT_AVATAR} alt={p.name} />
        <span
          className={`med-dot${p.online ? ' is-online' : ''}`}
          role="img"
          aria-label={p.online ? '在线' : '离线'}
        />
      </div>
      <div className="med-card__body">
        <div className="med-card__name">
          <strong>{p.name}</strong>
          <span className="med-tag">{p.title}</span>
          <span className={`med-status${p.online ? ' is-online' : ''}`}>
            {p.online ? '在线' : '离线'}
          </span>
        </div>
        <div className="med-card__hospital">{p.hospital}</div>
        {p.speciality && <div className="med-card__speciality">擅长：{p.speciality}</div>}
        <div className="med-card__stats">
          <span>
            <StarFill className="med-star" /> {p.rating.toFixed(1)}
          </span>
          <span>咨询量 {formatCount(p.consultCount)}</span>
        </div>
        {actions && <div className="med-card__actions">{actions}</div>}
      </div>
    </div>
  );
}
