import type { GoddessHome } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DotLoading, List } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { copyText } from '../../../core/clipboard.ts';
import { formatDate, formatPrice } from '../../../core/format.ts';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { goddessApi, goddessKeys, inviteLink, inviterParams } from '../api.ts';
import '../goddess.css';

const errorText = (error: unknown) => (error instanceof Error ? error.message : '操作失败，请重试');

async function copy(text: string, done: string) {
  if (await copyText(text)) showSuccess(done);
  else showToast('复制失败，请长按选中后复制');
}

/** The system share sheet where there is one (phones), else the link is copied. */
async function share(link: string) {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: '邀请你加入女神帮', text: '和我一起加入女神帮', url: link });
      return;
    } catch {
      // Dismissed or refused: copying still lets the user paste it anywhere.
    }
  }
  await copy(link, '邀请链接已复制，快去分享给好友吧');
}

/**
 * rootPages/goddess/goddess (女神帮): the member count and my state; 加入女神帮 for a non-member
 * (?inviter=<userId> or ?inviteCode= names who invites); for a member my invite card, numbers,
 * the rules and the ways to 我的邀请 and 抵扣明细.
 */
export default function GoddessPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const link = inviterParams(params);
  const home = useQuery({ queryKey: goddessKeys.home(link), queryFn: () => goddessApi.home(link) });
  const join = useMutation({
    // A link whose inviter cannot invite (the page shows none) joins without one.
    mutationFn: () => goddessApi.join(home.data?.inviter ? link : {}),
    onSuccess: (data) => {
      queryClient.setQueryData(goddessKeys.home({}), data);
      void queryClient.invalidateQueries({ queryKey: goddessKeys.all });
      setParams({}, { replace: true });
      showSuccess('欢迎加入女神帮');
    },
    onError: (error) => showToast(errorText(error)),
  });

  const data = home.data;
  if (!data) {
    return (
      <div className="gd-page gd-page--center">
        {home.isError ? (
          <Button onClick={() => void home.refetch()}>加载失败，点击重试</Button>
        ) : (
          <DotLoading />
        )}
      </div>
    );
  }

  return (
    <div className="gd-page" data-testid="goddess-page">
      <section className="gd-head">
        <h2>女神帮</h2>
        <p data-testid="goddess-member-count">已有 {data.memberCount} 位女神加入</p>
        <p>
          {data.mine ? `您于 ${formatDate(data.mine.joinedAt)} 加入女神帮` : '您还不是女神帮成员'}
        </p>
      </section>
      {data.mine ? <MemberView data={data} /> : <JoinView data={data} join={join} />}
      <section className="gd-card">
        <h3>活动规则</h3>
        <ol className="gd-rules" data-testid="goddess-rules">
          {data.rules.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function JoinView({
  data,
  join,
}: {
  data: GoddessHome;
  join: { mutate: () => void; isPending: boolean };
}) {
  return (
    <section className="gd-card">
      {data.inviter && (
        <div className="gd-inviter" data-testid="goddess-link-inviter">
          <Img src={data.inviter.avatar} fallback={DEFAULT_AVATAR} alt="" />
          <span>{data.inviter.nickname || '好友'} 邀请您加入女神帮</span>
        </div>
      )}
      <Button
        block
        color="primary"
        shape="rounded"
        data-testid="goddess-join"
        loading={join.isPending}
        onClick={() => join.mutate()}
      >
        加入女神帮
      </Button>
    </section>
  );
}

function MemberView({ data }: { data: GoddessHome }) {
  const navigate = useNavigate();
  const mine = data.mine;
  if (!mine) return null;
  const link = inviteLink(data.userId, PATHS.goddess);
  return (
    <>
      <section className="gd-card" data-testid="goddess-invite-card">
        <h3>我的邀请卡</h3>
        <div className="gd-code">
          <span>我的邀请码</span>
          <strong data-testid="goddess-invite-code">{mine.inviteCode}</strong>
          <Button size="mini" onClick={() => void copy(mine.inviteCode, '邀请码已复制')}>
            复制
          </Button>
        </div>
        <p className="gd-link">{link}</p>
        <div className="gd-actions">
          <Button block shape="rounded" onClick={() => void copy(link, '邀请链接已复制')}>
            复制链接
          </Button>
          <Button block color="primary" shape="rounded" onClick={() => void share(link)}>
            分享给好友
          </Button>
        </div>
      </section>
      <section className="gd-card">
        <div className="gd-numbers" data-testid="goddess-numbers">
          <div>
            <b>{mine.invitedCount}</b>
            <span>已邀请好友</span>
          </div>
          <div>
            <b>{formatPrice(mine.earned)}</b>
            <span>累计抵扣金</span>
          </div>
          <div>
            <b>
              {mine.rewardedToday}/{data.rules.dailyMax}
            </b>
            <span>今日已奖励</span>
          </div>
        </div>
      </section>
      {data.inviter && <p className="gd-muted">邀请人：{data.inviter.nickname || '好友'}</p>}
      <List className="gd-card">
        <List.Item
          onClick={() => navigate(PATHS.goddessMyInviter)}
          extra={`${mine.invitedCount} 人`}
        >
          我的邀请
        </List.Item>
        <List.Item
          onClick={() => navigate(PATHS.goddessDeduction)}
          extra={formatPrice(mine.earned)}
        >
          抵扣明细
        </List.Item>
      </List>
    </>
  );
}
