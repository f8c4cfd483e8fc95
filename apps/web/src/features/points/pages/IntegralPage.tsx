import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popup } from 'antd-mobile';
import {
  CalendarOutline,
  ChatCheckOutline,
  CloseOutline,
  GiftOutline,
  QuestionCircleOutline,
  RightOutline,
  ShopbagOutline,
  StarOutline,
  UploadOutline,
  UserAddOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { pointsApi, pointsHomeQuery, refreshPoints } from '../api.ts';
import { PointsRules } from '../components/PointsRules.tsx';
import { SignCalendar } from '../components/SignCalendar.tsx';
import { withSignIn } from '../labels.ts';
import '../../../ui/bills/wallet.css';
import '../points.css';
import '../cards/cards.css';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';

interface Task {
  key: string;
  icon: ReactNode;
  title: string;
  note: string;
  points: number;
  action: ReactNode;
}

/**
 * 积分签到: the balance and streak, the sign-in (once per China-time day; the server decides), this
 * month's calendar, the rules sheet and the ways to earn more. The page config gives it
 * pull-to-refresh, which refetches points/home.
 */
export default function IntegralPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const home = useQuery(pointsHomeQuery());
  const [showRules, setShowRules] = useState(false);

  const signIn = useMutation({
    mutationFn: pointsApi.signIn,
    onSuccess: (result) => {
      // fresh:false is a tap that lost the race with an earlier one (another tab, a double tap):
      // nothing new was earned, so no 签到成功.
      if (result.fresh) showSuccess(`签到成功 +${result.points}积分`);
      else showToast('今天已经签到过了');
      queryClient.setQueryData(pointsHomeQuery().queryKey, (old) =>
        old ? withSignIn(old, result) : old,
      );
      void refreshPoints(queryClient);
    },
  });

  if (!home.data) {
    if (home.isError) {
      return <LoadFailed onRetry={() => void home.refetch()} />;
    }
    return <PageLoading />;
  }
  const data = home.data;
  const signed = data.signedToday;

  const tasks: Task[] = [
    {
      key: 'signin',
      icon: <CalendarOutline />,
      title: '每日签到',
      note: '每天签到一次，连续签到有额外奖励',
      points: data.rules.signIn,
      action: (
        <Button
          size="mini"
          shape="rounded"
          color="primary"
          fill={signed ? 'outline' : 'solid'}
          disabled={signed}
          loading={signIn.isPending}
          onClick={() => signIn.mutate()}
        >
          {signed ? '已完成' : '去签到'}
        </Button>
      ),
    },
    {
      key: 'firstOrder',
      icon: <ShopbagOutline />,
      title: '每日首单',
      note: '每天首笔订单支付成功后获得',
      points: data.rules.firstOrder,
      action: (
        <Button size="mini" shape="rounded" color="primary" onClick={() => navigate(PATHS.home)}>
          去购物
        </Button>
      ),
    },
    {
      key: 'review',
      icon: <ChatCheckOutline />,
      title: '晒图评价',
      note: '收货后发表带图评价，每条评价可得',
      points: data.rules.reviewPhoto ?? 0,
      action: (
        <Button
          size="mini"
          shape="rounded"
          color="primary"
          onClick={() => navigate(`${PATHS.orders}?status=unevaluated`)}
        >
          去评价
        </Button>
      ),
    },
    {
      key: 'share',
      icon: <UploadOutline />,
      title: '分享得积分',
      note: '每天分享一次邀请海报或链接',
      points: data.rules.share ?? 0,
      action: (
        <Button
          size="mini"
          shape="rounded"
          color="primary"
          fill={data.sharedToday ? 'outline' : 'solid'}
          onClick={() => navigate(PATHS.integralShare)}
        >
          {data.sharedToday ? '已完成' : '去分享'}
        </Button>
      ),
    },
    {
      key: 'invite',
      icon: <UserAddOutline />,
      title: '邀请好友',
      note: '好友通过你的邀请注册，每邀请一位可得',
      points: data.rules.invite ?? 0,
      action: (
        <Button size="mini" shape="rounded" color="primary" onClick={() => navigate(PATHS.userQR)}>
          去邀请
        </Button>
      ),
    },
  ];

  return (
    <div className="pt-home">
      <section className="pt-head">
        <div className="pt-head__bar">
          <span className="pt-head__label">我的积分</span>
          <span className="pt-head__links">
            <button
              type="button"
              data-testid="points-rules-open"
              onClick={() => setShowRules(true)}
            >
              <QuestionCircleOutline /> 规则
            </button>
            <Link to={PATHS.integralShare}>
              <UploadOutline /> 分享
            </Link>
            <Link to={PATHS.exchange} data-testid="points-mall">
              <ShopbagOutline /> 积分商城
            </Link>
          </span>
        </div>
        <div className="pt-head__balance" data-testid="points-balance">
          {data.balance}
        </div>
        {(data.debt ?? 0) > 0 && (
          <div className="pt-head__debt" data-testid="points-debt">
            订单退款待扣 {data.debt} 积分，之后所得先抵扣
          </div>
        )}
        <div className="pt-head__foot">
          <span data-testid="points-streak">
            连续签到 <em>{data.streak}</em> 天
          </span>
          <Link className="pt-head__bill" to={PATHS.integralBill}>
            积分明细 <RightOutline />
          </Link>
        </div>
      </section>

      <section className="pt-sign card">
        <button
          type="button"
          className={signed ? 'pt-sign__button is-done' : 'pt-sign__button'}
          data-testid="sign-in"
          disabled={signed || signIn.isPending}
          onClick={() => signIn.mutate()}
        >
          <strong>{signed ? '已签到' : '签到'}</strong>
          {!signed && <small>+{data.nextPoints}积分</small>}
        </button>
        <p className="pt-sign__note" data-testid="sign-note">
          {signed ? '今日已签到，明天记得再来哦' : `今日签到可得 ${data.nextPoints} 积分`}
        </p>
        <SignCalendar home={data} />
      </section>

      <section className="cd-entries card" aria-label="积分活动">
        <Link className="cd-entry" to={PATHS.integralCards} data-testid="tile-cards">
          <GiftOutline className="cd-entry__icon" />
          <span>
            <strong>集卡有礼</strong>
            <small>集齐卡片兑好礼</small>
          </span>
        </Link>
        <Link className="cd-entry" to={PATHS.integralDraw} data-testid="tile-draw">
          <StarOutline className="cd-entry__icon" />
          <span>
            <strong>幸运抽奖</strong>
            <small>每天免费抽好礼</small>
          </span>
        </Link>
      </section>

      <section className="pt-tasks card" aria-label="做任务赚积分">
        <h3>做任务赚积分</h3>
        {tasks.map((task) => (
          <div key={task.key} className="pt-task" data-testid={`task-${task.key}`}>
            <span className="pt-task__icon">{task.icon}</span>
            <div className="pt-task__body">
              <div className="pt-task__title">
                {task.title}
                {task.points > 0 && <em>+{task.points}</em>}
              </div>
              <div className="pt-task__note">{task.note}</div>
            </div>
            {task.action}
          </div>
        ))}
      </section>

      <Popup
        visible={showRules}
        onMaskClick={() => setShowRules(false)}
        onClose={() => setShowRules(false)}
        bodyClassName="pt-rule-popup"
      >
        <div className="pt-rule-popup__body">
          <header>
            <h3>积分规则</h3>
            <button type="button" aria-label="关闭" onClick={() => setShowRules(false)}>
              <CloseOutline />
            </button>
          </header>
          <PointsRules rules={data.rules} />
        </div>
      </Popup>
    </div>
  );
}
