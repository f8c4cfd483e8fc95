import type { NewUserRefundData } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, DotLoading } from 'antd-mobile';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatDateTime, formatPrice } from '../../../core/format.ts';
import { useSession } from '../../../core/session.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { AlertIcon } from '../../../ui/icons.tsx';
import { loginPath, PATHS } from '../../../ui/pageConfig.ts';
import { newUserRefundQuery } from '../api.ts';
import { ZoneBanner } from '../components/ZoneBanner.tsx';
import { ZoneGoods } from '../components/ZoneGoods.tsx';
import '../zone.css';

function statusText(d: NewUserRefundData): { line: string; sub: string } {
  const amount = d.amount === null ? '' : formatPrice(d.amount);
  switch (d.state) {
    case 'eligible':
      return {
        line: '您有1次新人全额返机会',
        sub: `在本专区下单，确认收货且售后期（${d.settleDays}天）结束后，订单实付金额（含运费）全额返红包`,
      };
    case 'pending':
      return {
        line: `返款中：${amount}`,
        sub: d.settleAt
          ? `预计 ${formatDateTime(d.settleAt)} 到账（订单 ${d.orderNo}）`
          : `订单 ${d.orderNo} 确认收货后，${d.settleDays}天售后期结束即返`,
      };
    case 'paid':
      return { line: `已返红包 ${amount}`, sub: '红包已放入“我的红包”，拆开即可使用' };
    default:
      return {
        line: '新人全额返名额已使用',
        sub: d.orderNo ? `订单 ${d.orderNo} 已退款，不再返还` : '该手机号已参与过本活动',
      };
  }
}

/** homeNewPeopleReturn: the rules, my state (eligible / pending with its date / paid / used), the goods. */
export default function NewPeopleReturnPage() {
  const navigate = useNavigate();
  const userId = useSession((s) => s.user?.id ?? null);
  const isLogin = useSession((s) => s.isLogin);
  const query = useQuery(newUserRefundQuery(isLogin ? userId : null));
  if (!query.data) {
    if (query.isError) {
      const gone = isApiError(query.error) && query.error.code === 404;
      return (
        <EmptyState
          icon={<AlertIcon />}
          title={gone ? '活动已结束' : '加载失败'}
          description={gone ? '去首页看看其他活动吧' : '点击重试'}
          onClick={gone ? undefined : () => query.refetch()}
        />
      );
    }
    return (
      <div className="feed-footer">
        <DotLoading color="primary" />
      </div>
    );
  }
  const d = query.data;
  const { line, sub } = statusText(d);
  return (
    <div className="zone-page">
      <ZoneBanner zone={d.zone}>
        <div className="zone-status card" data-testid="refund-status" data-state={d.state}>
          <strong className="zone-status__line">{line}</strong>
          <p className="zone-status__sub">{sub}</p>
          {!d.loggedIn && (
            <Button
              size="small"
              shape="rounded"
              color="primary"
              onClick={() => navigate(loginPath(PATHS.newPeopleReturn))}
            >
              登录查看我的资格
            </Button>
          )}
          {d.state === 'paid' && (
            <Link to={PATHS.redPacket} className="zone-status__link">
              去拆红包
            </Link>
          )}
        </div>
      </ZoneBanner>
      <ZoneGoods zoneKey={d.zone.key} theme={d.zone.theme} />
    </div>
  );
}
