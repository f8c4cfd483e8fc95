import type { BargainBrief } from '@chaopin/contracts';
import { Link } from 'react-router';
import { formatPrice } from '../../../core/format.ts';
import { Img } from '../../../ui/Img.tsx';
import { helpsLeft, nextStep } from '../logic.ts';
import { BargainProgress } from './BargainProgress.tsx';

/** One of my bargains: progress, what is left and the next step. */
export function BargainRow({ bargain }: { bargain: BargainBrief }) {
  const step = nextStep(bargain);
  const left = helpsLeft(bargain);
  return (
    <article className="bg-row card" data-testid="my-bargain">
      <Img className="bg-row__image" src={bargain.image} alt={bargain.title} />
      <div className="bg-row__body">
        <div className="bg-row__title text-clamp-2">{bargain.title}</div>
        <div className="bg-row__meta">
          <span className={`bg-status bg-status--${bargain.status}`}>{bargain.statusText}</span>
          {bargain.status === 'running' && (
            <span>
              还差{formatPrice(bargain.remaining)} · 还需{left}人
            </span>
          )}
        </div>
        <BargainProgress bargain={bargain} />
      </div>
      <Link className="bg-btn bg-btn--small" to={step.path}>
        {step.label}
      </Link>
    </article>
  );
}
