import type { BargainEditionId, BargainItemCard } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '../../../core/format.ts';
import { useSession } from '../../../core/session.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Img } from '../../../ui/Img.tsx';
import { Price } from '../../../ui/Price.tsx';
import { editionsQuery, itemsQuery } from '../api.ts';
import { BargainRow } from '../components/BargainRow.tsx';
import { EditionShell } from '../components/EditionShell.tsx';
import { PageStates } from '../components/PageStates.tsx';
import { RulesPopup } from '../components/RulesPopup.tsx';
import { bargainPath } from '../edition.ts';

/** 砍价免费拿: the edition's items and, for a signed-in user, my running bargains. */
export default function HomeZeroYuanPage({ edition }: { edition: BargainEditionId }) {
  const query = useQuery(itemsQuery(edition));
  const editions = useQuery(editionsQuery());
  const signedIn = useSession((s) => s.status === 'in');
  const [rules, setRules] = useState(false);
  const data = query.data;
  if (!data) return <PageStates query={query} goneTitle="活动不存在" />;

  const other = editions.data?.list.find((e) => e.edition !== edition && e.itemCount > 0);
  return (
    <EditionShell edition={edition} themeColor={data.edition.themeColor}>
      <header className="bg-hero">
        <h2 className="bg-hero__title">{data.edition.title}</h2>
        <p className="bg-hero__text">{data.edition.bannerText}</p>
        <button type="button" className="bg-hero__rules" onClick={() => setRules(true)}>
          <QuestionCircleOutline /> 规则
        </button>
        <nav className="bg-hero__links">
          <Link to={bargainPath(edition, 'homeZeroBargain')}>我的砍价</Link>
          <Link to={bargainPath(edition, 'thankshelpme', { tab: 'helps' })}>帮砍记录</Link>
          {other && (
            <Link to={bargainPath(other.edition, 'homeZeroYuan')} data-testid="other-edition">
              {other.title}
            </Link>
          )}
        </nav>
      </header>

      {signedIn && data.running.length > 0 && (
        <section className="bg-section" aria-label="我的砍价">
          <h3 className="bg-section__title">我的砍价</h3>
          {data.running.map((b) => (
            <BargainRow key={b.id} bargain={b} />
          ))}
        </section>
      )}

      <section className="bg-section" aria-label="砍价商品">
        <h3 className="bg-section__title">砍价免费拿</h3>
        {data.list.length === 0 ? (
          <EmptyState title="暂无砍价商品" description="活动商品正在上架中，敬请期待" />
        ) : (
          data.list.map((card) => <ItemCard key={card.item.id} card={card} />)
        )}
      </section>
      <RulesPopup edition={data.edition} visible={rules} onClose={() => setRules(false)} />
    </EditionShell>
  );
}

function ItemCard({ card }: { card: BargainItemCard }) {
  const { item, mine } = card;
  const running = mine?.status === 'running';
  const soldOut = item.stockLeft <= 0;
  const label = running ? '继续砍价' : soldOut ? '已领完' : '免费拿';
  const to = running
    ? bargainPath(item.edition, 'homeZeroBargain', { id: mine.id })
    : bargainPath(item.edition, 'homeZeroDetail', { id: item.id });
  return (
    <Link
      className={soldOut && !running ? 'bg-item card is-closed' : 'bg-item card'}
      to={to}
      data-testid="bargain-item"
    >
      <Img className="bg-item__image" src={item.image} alt={item.title} />
      <span className="bg-item__body">
        <span className="bg-item__title text-clamp-2">{item.title}</span>
        <span className="bg-item__meta">
          {item.helpersNeeded}人帮砍 · 已有{item.claimedCount}人免费拿
        </span>
        <span className="bg-item__prices">
          <Price fen={item.targetPrice} />
          <s>{formatPrice(item.price)}</s>
        </span>
      </span>
      <span className="bg-btn bg-btn--small">{label}</span>
    </Link>
  );
}
