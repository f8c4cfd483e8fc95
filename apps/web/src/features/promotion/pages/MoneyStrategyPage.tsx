import { useQuery } from '@tanstack/react-query';
import { Button, Steps } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { formatPrice } from '../../../core/format.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { promoRulesQuery } from '../../../ui/promoRulesQuery.ts';
import { bindWindowText, DEBT_RULE, rateText, shareOf } from '../labels.ts';
import '../../../ui/promotion/promotion.css';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';

/** An example order, to turn the rates into money one can picture. */
const EXAMPLE_PRICE = 10_000;

/** 赚钱攻略: how the programme pays, step by step, with the numbers as configured. */
export default function MoneyStrategyPage() {
  const navigate = useNavigate();
  const rules = useQuery(promoRulesQuery());
  if (!rules.data) {
    if (rules.isError) {
      return <LoadFailed onRetry={() => void rules.refetch()} />;
    }
    return <PageLoading />;
  }
  const r = rules.data;
  const steps: { title: string; text: string }[] = [
    {
      title: '升级推广员',
      text: r.bailEnabled
        ? `购买${formatPrice(r.upgradePrice)}礼包或缴纳${formatPrice(r.bailAmount)}保证金，即可成为推广员，获得分享赚佣金的资格。`
        : `购买${formatPrice(r.upgradePrice)}礼包即可成为推广员，获得分享赚佣金的资格。`,
    },
    {
      title: '邀请好友绑定',
      text: `好友扫描您的海报或打开您的链接注册，即成为您的直属成员（${bindWindowText(r.bindWindowHours)}）。好友注册得${formatPrice(r.inviteeGift)}红包，好友首单确认收货后您再得${formatPrice(r.inviterReward)}奖励。`,
    },
    {
      title: '分享商品',
      text: '在“推广赚钱”中挑选商品，复制推广链接或生成海报分享到微信群、朋友圈。',
    },
    {
      title: '好友下单，您赚佣金',
      text: `直属成员下单，您得实付金额的${rateText(r.l1Bp)}；间接成员（直属成员邀请的好友）下单，您得${rateText(r.l2Bp)}。例如好友买${formatPrice(EXAMPLE_PRICE)}的商品，直属成员您赚${formatPrice(shareOf(EXAMPLE_PRICE, r.l1Bp))}，间接成员您赚${formatPrice(shareOf(EXAMPLE_PRICE, r.l2Bp))}。${r.selfPurchase ? '您自己下单也能得一级佣金。' : '自己下单不计佣金。'}`,
    },
    {
      title: '确认收货后结算',
      text: `买家确认收货后佣金冻结${r.settleDays}天，期满自动结算为可提现佣金；冻结期内退款的部分不计佣金。${DEBT_RULE}`,
    },
    {
      title: '提现到支付宝',
      text: `绑定实名的支付宝账号后即可提现：单笔最低${formatPrice(r.withdrawMin)}，手续费${rateText(r.withdrawFeeBp)}，每天最多${r.withdrawDailyLimit}次，审核通过后打款到账。`,
    },
  ];

  return (
    <div className="pr-strategy">
      <section className="pr-strategy__head">
        <h2>分享就能赚</h2>
        <p>
          一级佣金 <strong>{rateText(r.l1Bp)}</strong> · 二级佣金{' '}
          <strong>{rateText(r.l2Bp)}</strong>
        </p>
      </section>
      <section className="card pr-strategy__steps" data-testid="strategy-steps">
        <Steps direction="vertical" current={steps.length}>
          {steps.map((step, i) => (
            <Steps.Step
              key={step.title}
              title={`${i + 1}. ${step.title}`}
              description={step.text}
              status="process"
            />
          ))}
        </Steps>
      </section>
      <div className="pr-strategy__actions">
        <Button block shape="rounded" onClick={() => navigate(PATHS.userQR)}>
          邀请好友
        </Button>
        <Button block color="primary" shape="rounded" onClick={() => navigate(PATHS.promotion)}>
          去分享赚钱
        </Button>
      </div>
    </div>
  );
}
