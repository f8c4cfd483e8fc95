import type { Withdrawal, WithdrawState } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, ErrorBlock, Steps } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime, formatPrice } from '../../../core/format.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { withdrawalQuery } from '../api.ts';
import '../../../ui/promotion/promotion.css';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';

type StepStatus = 'wait' | 'process' | 'finish' | 'error';
interface Step {
  title: string;
  status: StepStatus;
  time?: string | null;
}

/** 提交申请 → 平台审核 → 打款成功, as far as this withdrawal got. */
function withdrawSteps(w: Withdrawal): Step[] {
  const submitted: Step = { title: '提交申请', status: 'finish', time: w.createdAt };
  switch (w.state) {
    case 'pending':
      return [
        submitted,
        { title: '平台审核', status: 'process' },
        { title: '打款成功', status: 'wait' },
      ];
    case 'paying':
      return [
        submitted,
        { title: '平台审核', status: 'finish' },
        { title: '打款中', status: 'process' },
      ];
    case 'succeeded':
      return [
        submitted,
        { title: '平台审核', status: 'finish' },
        { title: '打款成功', status: 'finish', time: w.finishedAt },
      ];
    case 'rejected':
      return [
        submitted,
        { title: '审核驳回', status: 'error', time: w.finishedAt },
        { title: '打款成功', status: 'wait' },
      ];
    case 'failed':
      return [
        submitted,
        { title: '平台审核', status: 'finish' },
        { title: '打款失败', status: 'error', time: w.finishedAt },
      ];
  }
}

const ICON: Record<WithdrawState, ReactNode> = {
  pending: <ClockCircleFill />,
  paying: <ClockCircleFill />,
  succeeded: <CheckCircleFill />,
  rejected: <CloseCircleFill />,
  failed: <CloseCircleFill />,
};

function resultNote(w: Withdrawal): string {
  switch (w.state) {
    case 'pending':
      return '平台审核通过后将打款到您的支付宝账号';
    case 'paying':
      return '正在打款到您的支付宝账号，请耐心等待';
    case 'succeeded':
      return `${formatPrice(w.net)} 已打款到您的支付宝账号`;
    case 'rejected':
      return `驳回原因：${w.rejectReason ?? '未说明'}；提现金额已退回佣金余额`;
    case 'failed':
      return '打款未成功，提现金额已退回佣金余额，请核对提现账号后重新申请';
  }
}

/**
 * 提现结果 (?withdrawNo=): where the withdrawal stands, asked again every 3 s while the platform
 * still has to move it (审核中, 打款中).
 */
export default function WithdrawResultPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const withdrawNo = params.get('withdrawNo') ?? '';
  const query = useQuery({ ...withdrawalQuery(withdrawNo), enabled: withdrawNo !== '' });

  if (!withdrawNo)
    return <ErrorBlock status="empty" title="提现记录不存在" description="请返回重试" />;
  if (!query.data) {
    if (query.isError) {
      return <LoadFailed onRetry={() => void query.refetch()} />;
    }
    return <PageLoading />;
  }
  const w = query.data;
  const steps = withdrawSteps(w);

  return (
    <div className="pr-result">
      <section className={`pr-result__head card is-${w.state}`} data-testid="withdraw-result">
        <span className="pr-result__icon">{ICON[w.state]}</span>
        <h2 data-testid="withdraw-state">{w.stateText}</h2>
        <div className="pr-result__amount">{formatPrice(w.amount)}</div>
        <p>{resultNote(w)}</p>
      </section>

      <section className="card pr-result__steps">
        <Steps>
          {steps.map((step) => (
            <Steps.Step
              key={step.title}
              title={step.title}
              status={step.status}
              description={step.time ? formatDateTime(step.time) : undefined}
            />
          ))}
        </Steps>
      </section>

      <section className="card pr-result__rows">
        <dl>
          <div>
            <dt>提现金额</dt>
            <dd>{formatPrice(w.amount)}</dd>
          </div>
          <div>
            <dt>手续费</dt>
            <dd>{formatPrice(w.fee)}</dd>
          </div>
          <div>
            <dt>实际到账</dt>
            <dd className="is-strong">{formatPrice(w.net)}</dd>
          </div>
          <div>
            <dt>提现账号</dt>
            <dd>支付宝 {w.account}</dd>
          </div>
          <div>
            <dt>申请时间</dt>
            <dd>{formatDateTime(w.createdAt)}</dd>
          </div>
          {w.finishedAt && (
            <div>
              <dt>完成时间</dt>
              <dd>{formatDateTime(w.finishedAt)}</dd>
            </div>
          )}
          <div>
            <dt>提现单号</dt>
            <dd>{w.withdrawNo}</dd>
          </div>
        </dl>
      </section>

      <div className="pr-result__actions">
        <Button block shape="rounded" onClick={() => navigate(PATHS.withdrawRecords)}>
          提现记录
        </Button>
        <Button
          block
          color="primary"
          shape="rounded"
          onClick={() => navigate(PATHS.myExtension, { replace: true })}
        >
          返回推广中心
        </Button>
      </div>
    </div>
  );
}
