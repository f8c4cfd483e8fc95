import { TEAM_LEVELS, type TeamMember, type TeamPage } from '@chaopin/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, SearchBar, Tabs } from 'antd-mobile';
import { ExclamationCircleOutline, TeamOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDate, formatPrice } from '../../../core/format.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { PATHS, pageConfigFor } from '../../../ui/pageConfig.ts';
import { teamQuery } from '../api.ts';
import { TEAM_LEVEL_TEXT, type TeamLevel, teamLevelFrom } from '../labels.ts';
import '../../../ui/promotion/promotion.css';

const { reachBottomDistance } = pageConfigFor(PATHS.myTeam);

type Counts = Pick<TeamPage, 'directCount' | 'indirectCount'>;
const countOf = (level: TeamLevel, counts: Counts) =>
  level === '1' ? counts.directCount : counts.indirectCount;

/**
 * 我的团队: 直属成员 (I invited them) and 间接成员 (they invited them), searchable by nickname or
 * phone; tab and search stay in the address. Pull-to-refresh comes from the page config.
 */
export default function MyTeamPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const level = teamLevelFrom(params);
  const keyword = params.get('keyword') ?? '';
  const [typed, setTyped] = useState(keyword);
  useEffect(() => setTyped(keyword), [keyword]);
  const show = (next: { level?: TeamLevel; keyword?: string }) => {
    const wanted = { level, keyword, ...next };
    const search: Record<string, string> = {};
    if (wanted.level !== '1') search.level = wanted.level;
    if (wanted.keyword) search.keyword = wanted.keyword;
    setParams(search, { replace: true });
  };

  const query = useInfiniteQuery(teamQuery(level, keyword));
  const members = query.data?.pages.flatMap((p) => p.list) ?? [];
  // Every answer carries both counts; the last known stay up while another tab loads.
  const fresh = query.data?.pages.at(-1) ?? null;
  const [known, setKnown] = useState<Counts | null>(null);
  useEffect(() => {
    if (fresh) setKnown({ directCount: fresh.directCount, indirectCount: fresh.indirectCount });
  }, [fresh]);
  const counts = fresh ?? known;

  return (
    <div className="pr-team">
      <div className="pr-team__bar">
        <Tabs
          activeKey={level}
          onChange={(key) => {
            show({ level: key === '2' ? '2' : '1' });
            window.scrollTo({ top: 0 });
          }}
        >
          {TEAM_LEVELS.map((key) => (
            <Tabs.Tab
              key={key}
              title={
                <span data-testid={`team-tab-${key}`}>
                  {TEAM_LEVEL_TEXT[key]}
                  {counts ? `(${countOf(key, counts)})` : ''}
                </span>
              }
            />
          ))}
        </Tabs>
        <div className="pr-team__search">
          <SearchBar
            placeholder="搜索昵称或手机号"
            value={typed}
            onChange={setTyped}
            maxLength={20}
            onSearch={(v) => show({ keyword: v.trim() })}
            onClear={() => show({ keyword: '' })}
            data-testid="team-search"
          />
        </div>
      </div>
      <ListStates
        query={query}
        isEmpty={members.length === 0}
        errorIcon={<ExclamationCircleOutline />}
        empty={
          keyword ? (
            <EmptyState
              icon={<TeamOutline />}
              title="没有找到相关成员"
              description="换个关键词试试"
            />
          ) : (
            <EmptyState
              icon={<TeamOutline />}
              title={level === '1' ? '还没有直属成员' : '还没有间接成员'}
              description="邀请好友注册，好友下单您就有佣金"
            >
              <Button
                color="primary"
                shape="rounded"
                size="small"
                onClick={() => navigate(PATHS.userQR)}
              >
                去邀请
              </Button>
            </EmptyState>
          )
        }
      >
        <div className="pr-team__list card">
          {members.map((member) => (
            <MemberItem key={member.userId} member={member} />
          ))}
        </div>
        <InfiniteFooter
          key={`${level}/${keyword}`}
          hasMore={query.hasNextPage}
          loadMore={() => nextPageOrThrow(query.fetchNextPage)}
          threshold={reachBottomDistance}
        />
      </ListStates>
    </div>
  );
}

function MemberItem({ member }: { member: TeamMember }) {
  return (
    <div className="pr-member" data-testid="team-member">
      <Img className="pr-member__avatar" src={member.avatar} fallback={DEFAULT_AVATAR} alt="" />
      <div className="pr-member__body">
        <div className="pr-member__line">
          <span className="pr-member__name">{member.nickname}</span>
          <span className={`pr-tier is-${member.tier}`}>{member.tierText}</span>
        </div>
        <div className="pr-member__meta">
          {member.phone} · 加入时间 {formatDate(member.joinedAt)}
        </div>
      </div>
      <div className="pr-member__figures">
        <span>
          订单 <em>{member.orderCount}</em>
        </span>
        <span>
          贡献 <em className="is-money">{formatPrice(member.contribution)}</em>
        </span>
      </div>
    </div>
  );
}
