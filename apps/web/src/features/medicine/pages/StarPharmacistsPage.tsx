import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { ExclamationCircleOutline, RightOutline, UserOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { pharmacistChatPath, pharmacistsQuery } from '../api.ts';
import { PharmacistCard } from '../components/PharmacistCard.tsx';
import '../medicine.css';

/** starYaoOfficer (明星药师): the pharmacists, 咨询 opens a chat, 复诊开药 the request form. */
export default function StarPharmacistsPage() {
  const navigate = useNavigate();
  const query = useInfiniteQuery(pharmacistsQuery());
  const list = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="med-page">
      <div className="med-hero">
        <div>
          <h2>在线复诊 · 药师开方</h2>
          <p>执业药师在线服务，慢病复诊足不出户</p>
        </div>
        <button type="button" className="med-hero__link" onClick={() => navigate(PATHS.preInfo)}>
          我的复诊 <RightOutline />
        </button>
      </div>
      <ListStates
        query={query}
        isEmpty={list.length === 0}
        errorIcon={<ExclamationCircleOutline />}
        empty={
          <EmptyState icon={<UserOutline />} title="暂无药师" description="药师入驻中，敬请期待" />
        }
      >
        <div className="med-list">
          {list.map((p) => (
            <PharmacistCard
              key={p.id}
              pharmacist={p}
              actions={
                <>
                  <Button
                    size="small"
                    shape="rounded"
                    data-testid="pharmacist-chat"
                    onClick={() => navigate(pharmacistChatPath(p.chatUserId))}
                  >
                    咨询
                  </Button>
                  <Button
                    size="small"
                    shape="rounded"
                    color="primary"
                    data-testid="pharmacist-visit"
                    onClick={() => navigate(`${PATHS.writeVisit}?pharmacistId=${p.id}`)}
                  >
                    复诊开药
                  </Button>
                </>
              }
            />
          ))}
          <InfiniteFooter
            loadMore={() => nextPageOrThrow(query.fetchNextPage)}
            hasMore={query.hasNextPage}
          />
        </div>
      </ListStates>
    </div>
  );
}
