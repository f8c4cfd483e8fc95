import { LIVE_INTRO_MAX, type LiveHostStatusData } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DotLoading, Selector, TextArea } from 'antd-mobile';
import {
  CheckCircleFill,
  ClockCircleFill,
  CloseCircleFill,
  GiftOutline,
  PayCircleOutline,
  TeamOutline,
  UserContactOutline,
  VideoOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { liveSortsQuery } from '../../../ui/live/liveApi.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { hostStatusQuery, liveHostApi, liveHostKeys } from '../api.ts';
import '../../../ui/live/liveHost.css';
import { ListStates } from '../../../ui/ListStates.tsx';

const BENEFITS = [
  { icon: <VideoOutline />, title: '流量扶持', text: '新主播专属曝光位' },
  { icon: <PayCircleOutline />, title: '带货收益', text: '边播边卖，订单实时到账' },
  { icon: <GiftOutline />, title: '礼物分成', text: '粉丝打赏主播分成' },
  { icon: <TeamOutline />, title: '粉丝沉淀', text: '关注、预约一键触达' },
];

/** starUp: 主播入驻 — the benefits, then the application in whatever state it is. */
export default function StarUpPage() {
  const status = useQuery(hostStatusQuery());
  return (
    <div className="lh-page lh-starup">
      <header className="lh-hero">
        <h1 className="lh-hero__title">成为潮品主播</h1>
        <p className="lh-hero__sub">零门槛开播 · 好物边播边卖</p>
        <ul className="lh-benefits">
          {BENEFITS.map((b) => (
            <li key={b.title} className="lh-benefit">
              <span className="lh-benefit__icon">{b.icon}</span>
              <strong>{b.title}</strong>
              <span>{b.text}</span>
            </li>
          ))}
        </ul>
      </header>
      <ListStates query={status} isEmpty={!status.isSuccess} empty={null}>
        {() => status.isSuccess && <StatusCard data={status.data} />}
      </ListStates>
      <section className="card lh-card lh-steps">
        <h3 className="lh-card__title">入驻流程</h3>
        <ol>
          <li>
            <b>1</b>实名认证
          </li>
          <li>
            <b>2</b>提交申请
          </li>
          <li>
            <b>3</b>平台审核
          </li>
          <li>
            <b>4</b>开播带货
          </li>
        </ol>
      </section>
    </div>
  );
}

function StatusCard({ data }: { data: LiveHostStatusData }) {
  const navigate = useNavigate();
  const [reapply, setReapply] = useState(false);

  if (data.status === 'approved') {
    return (
      <section className="card lh-card lh-state" data-testid="starup-approved">
        <CheckCircleFill className="lh-state__icon lh-state__icon--ok" />
        <h3>您已是潮品主播</h3>
        <p>去直播中心创建直播、管理商品吧</p>
        <Button color="primary" shape="rounded" block onClick={() => navigate(PATHS.liveUser)}>
          进入直播中心
        </Button>
      </section>
    );
  }
  if (data.status === 'pending') {
    return (
      <section className="card lh-card lh-state" data-testid="starup-pending">
        <ClockCircleFill className="lh-state__icon lh-state__icon--wait" />
        <h3>审核中</h3>
        <p>您的入驻申请已提交，平台将在1-3个工作日内完成审核</p>
        {data.intro && <blockquote className="lh-state__quote">{data.intro}</blockquote>}
      </section>
    );
  }
  if (data.status === 'rejected' && !reapply) {
    return (
      <section className="card lh-card lh-state" data-testid="starup-rejected">
        <CloseCircleFill className="lh-state__icon lh-state__icon--bad" />
        <h3>审核未通过</h3>
        <p className="lh-state__reason">原因：{data.reason || '资料不符合要求'}</p>
        <Button color="primary" shape="rounded" block onClick={() => setReapply(true)}>
          重新申请
        </Button>
      </section>
    );
  }
  if (!data.realName) {
    return (
      <section className="card lh-card lh-state" data-testid="starup-realname">
        <UserContactOutline className="lh-state__icon lh-state__icon--wait" />
        <h3>请先完成实名认证</h3>
        <p>根据平台规定，主播须完成实名认证后才能申请入驻</p>
        <Button
          color="primary"
          shape="rounded"
          block
          onClick={() => navigate(PATHS.nameAuthentication)}
        >
          去实名认证
        </Button>
      </section>
    );
  }
  return <ApplyForm initial={data} />;
}

function ApplyForm({ initial }: { initial: LiveHostStatusData }) {
  const queryClient = useQueryClient();
  const sorts = useQuery(liveSortsQuery());
  const [sortId, setSortId] = useState(initial.sortId || 0);
  const [intro, setIntro] = useState(initial.intro);
  const apply = useMutation({
    mutationFn: () => liveHostApi.apply({ sortId, intro: intro.trim() }),
    meta: { toast: false },
    onSuccess: () => {
      showSuccess('申请已提交');
      void queryClient.invalidateQueries({ queryKey: liveHostKeys.status });
    },
    onError: (error) => {
      showToast(isApiError(error) ? error.msg : '提交失败，请稍后重试');
      void queryClient.invalidateQueries({ queryKey: liveHostKeys.status });
    },
  });
  const submit = () => {
    if (!sortId) return showToast('请选择直播品类');
    const text = intro.trim();
    if (!text) return showToast('请填写主播简介');
    if (text.length > LIVE_INTRO_MAX) return showToast(`主播简介最多${LIVE_INTRO_MAX}字`);
    apply.mutate();
  };
  return (
    <section className="card lh-card lh-form" data-testid="starup-form">
      <h3 className="lh-card__title">申请入驻</h3>
      <div className="lh-form__label">主营品类</div>
      {sorts.isPending ? (
        <DotLoading color="primary" />
      ) : (
        <Selector
          columns={3}
          value={sortId ? [sortId] : []}
          onChange={(v) => v[0] && setSortId(v[0])}
          options={(sorts.data ?? []).map((s) => ({ label: s.name, value: s.id }))}
        />
      )}
      <div className="lh-form__label">主播简介</div>
      <TextArea
        className="lh-form__textarea"
        placeholder="介绍一下您自己和您擅长的带货领域，例如：5年美妆博主，专注平价好物分享"
        maxLength={LIVE_INTRO_MAX}
        showCount
        rows={4}
        value={intro}
        onChange={setIntro}
        data-testid="starup-intro"
      />
      <Button
        color="primary"
        shape="rounded"
        size="large"
        block
        loading={apply.isPending}
        onClick={submit}
        data-testid="starup-submit"
      >
        提交申请
      </Button>
      <p className="lh-form__note">提交即表示同意《主播入驻协议》，请确保资料真实有效</p>
    </section>
  );
}
