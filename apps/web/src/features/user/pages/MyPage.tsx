import { useQuery } from '@tanstack/react-query';
import { Badge, Button, List } from 'antd-mobile';
import {
  BellOutline,
  CalendarOutline,
  ChatCheckOutline,
  CheckShieldOutline,
  ClockCircleOutline,
  CouponOutline,
  EditSOutline,
  EnvironmentOutline,
  FileOutline,
  GiftOutline,
  HeartOutline,
  InformationCircleOutline,
  LockOutline,
  MessageOutline,
  PayCircleOutline,
  PhoneFill,
  QuestionCircleOutline,
  ReceiptOutline,
  RightOutline,
  SetOutline,
  StarOutline,
  TagOutline,
  TruckOutline,
  UndoOutline,
  UserContactOutline,
  VideoOutline,
} from 'antd-mobile-icons';
import { type ReactNode, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../core/session.ts';
import { noticeUnreadQuery, useUnreadMessages } from '../../../core/unread.ts';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { deskQuery } from '../../../ui/medicine/deskQuery.ts';
import { identityQuery } from '../../../ui/member/identityQuery.ts';
import { IdentityBadge, MemberEntries } from '../../../ui/member/MyMemberEntries.tsx';
import { badgeText } from '../../../ui/message/badgeText.ts';
import { orderCountsQuery } from '../../../ui/order/orderApi.ts';
import { usePageRefresh } from '../../../ui/PageFrame.tsx';
import { loginPath, PATHS } from '../../../ui/pageConfig.ts';
import '../user.css';

// Only pages that exist in this build are listed.
const ORDER_SHORTCUTS = [
  { title: '待付款', icon: <PayCircleOutline />, status: 'unpaid' },
  { title: '待发货', icon: <ReceiptOutline />, status: 'unshipped' },
  { title: '待收货', icon: <TruckOutline />, status: 'unreceived' },
  { title: '待评价', icon: <ChatCheckOutline />, status: 'unevaluated' },
  { title: '售后', icon: <UndoOutline />, status: 'aftersale' },
] as const;

/** A shortcut's badge: nothing at 0, 99+ past 99. */
export function orderBadge(count: number | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

const SHOPPING = [
  { title: '我的资产', icon: <PayCircleOutline />, path: PATHS.assets },
  { title: '我的优惠券', icon: <CouponOutline />, path: PATHS.myCoupon },
  { title: '我的红包', icon: <GiftOutline />, path: PATHS.redPacket },
  { title: '领券中心', icon: <TagOutline />, path: PATHS.couponCenter },
  { title: '收货地址', icon: <EnvironmentOutline />, path: PATHS.addresses },
  { title: '我的收藏', icon: <StarOutline />, path: PATHS.collection },
  { title: '我的足迹', icon: <ClockCircleOutline />, path: PATHS.footprint },
  { title: '我的关注', icon: <HeartOutline />, path: PATHS.follow },
  { title: '我的提醒', icon: <BellOutline />, path: PATHS.mySubscribe },
  { title: '我的发票', icon: <FileOutline />, path: PATHS.invoices },
];

const SERVICES = [
  // Not yet a host: the live centre shows the way to 主播入驻.
  { title: '直播中心', icon: <VideoOutline />, path: PATHS.liveUser },
  { title: '直播预告', icon: <CalendarOutline />, path: PATHS.liveNotice },
  { title: '消息中心', icon: <MessageOutline />, path: PATHS.messages },
  { title: '意见反馈', icon: <EditSOutline />, path: PATHS.feedback },
  { title: '联系我们', icon: <PhoneFill />, path: PATHS.contactUs },
  { title: '规则中心', icon: <QuestionCircleOutline />, path: PATHS.rule },
  { title: '种果树', icon: <GiftOutline />, path: PATHS.farm },
];

const ENTRIES = [
  { title: '个人信息', icon: <UserContactOutline />, path: PATHS.userInfo },
  { title: '实名认证', icon: <CheckShieldOutline />, path: PATHS.nameAuthentication },
  { title: '支付密码', icon: <LockOutline />, path: PATHS.choosePayType },
  { title: '设置', icon: <SetOutline />, path: PATHS.setting },
  { title: '关于我们', icon: <InformationCircleOutline />, path: PATHS.aboutUs },
];

interface Entry {
  title: string;
  icon: ReactNode;
  path: string;
  /** A count on the right (e.g. unread messages), or nothing. */
  badge?: string | null;
}

function EntryList({ entries }: { entries: Entry[] }) {
  const navigate = useNavigate();
  return (
    <List className="my__entries card">
      {entries.map((entry) => (
        <List.Item
          key={entry.path}
          prefix={<span className="my__entry-icon">{entry.icon}</span>}
          extra={entry.badge ? <Badge content={entry.badge} data-testid="my-entry-badge" /> : null}
          onClick={() => navigate(entry.path)}
        >
          {entry.title}
        </List.Item>
      ))}
    </List>
  );
}

export default function MyPage() {
  const navigate = useNavigate();
  const { user, isLogin, status, check } = useSession();
  const unread = useQuery({ ...noticeUnreadQuery(), enabled: isLogin });
  const refetchUnread = unread.refetch;
  const counts = useQuery({ ...orderCountsQuery(), enabled: isLogin });
  const refetchCounts = counts.refetch;
  // The badge is a nicety: a failure leaves it out rather than toasting over 我的.
  const identity = useQuery({ ...identityQuery(), enabled: isLogin, meta: { toast: false } });
  const refetchIdentity = identity.refetch;
  // 药师工作台 shows only to pharmacists' accounts; a failure just leaves it out.
  const desk = useQuery({ ...deskQuery(), enabled: isLogin, meta: { toast: false } });
  usePageRefresh(
    useCallback(
      () =>
        Promise.all([
          check(),
          isLogin ? refetchUnread() : null,
          isLogin ? refetchCounts() : null,
          isLogin ? refetchIdentity() : null,
        ]),
      [check, isLogin, refetchUnread, refetchCounts, refetchIdentity],
    ),
  );
  const showUser = user && status !== 'out';
  const messageBadge = badgeText(useUnreadMessages().total);
  const services: Entry[] = SERVICES.map((entry) =>
    entry.path === PATHS.messages ? { ...entry, badge: messageBadge } : entry,
  );
  if (isLogin && desk.data?.pharmacist) {
    services.unshift({
      title: '药师工作台',
      icon: <FileOutline />,
      path: PATHS.pharmacistDesk,
      badge: orderBadge(desk.data.total),
    });
  }

  return (
    <div className="my">
      <header className="my-header">
        <button
          type="button"
          className="my-header__settings"
          aria-label="设置"
          onClick={() => navigate(PATHS.setting)}
        >
          <SetOutline />
        </button>
        <div className="my-header__profile">
          <Img
            className="my-header__avatar"
            src={showUser ? user.avatar : ''}
            fallback={DEFAULT_AVATAR}
            alt="头像"
            // The largest picture of the page's first screen: not lazy.
            loading="eager"
            data-testid="my-avatar"
            onClick={() => navigate(isLogin ? PATHS.userInfo : loginPath(PATHS.my))}
          />
          {showUser ? (
            <div className="my-header__info">
              <div className="my-header__name-row">
                <div className="my-header__nickname" data-testid="my-nickname">
                  {user.nickname}
                </div>
                <IdentityBadge identity={isLogin ? identity.data : undefined} />
              </div>
              <div className="my-header__phone">{user.phone}</div>
            </div>
          ) : (
            <div className="my-header__info">
              <Button
                size="small"
                shape="rounded"
                className="my-header__login"
                onClick={() => navigate(loginPath(PATHS.my))}
              >
                登录/注册
              </Button>
              <div className="my-header__hint">登录后享受更多专属权益</div>
            </div>
          )}
        </div>
      </header>
      <div className="my__body">
        <section className="my-orders card" aria-label="我的订单">
          <button type="button" className="my-orders__head" onClick={() => navigate(PATHS.orders)}>
            <span className="my-orders__title">
              <FileOutline /> 我的订单
            </span>
            <span className="my-orders__all">
              全部订单 <RightOutline />
            </span>
          </button>
          <div className="my-orders__tabs">
            {ORDER_SHORTCUTS.map((entry) => (
              <button
                type="button"
                key={entry.status}
                data-testid={`my-orders-${entry.status}`}
                onClick={() => navigate(`${PATHS.orders}?status=${entry.status}`)}
              >
                <Badge
                  className="my-orders__badge"
                  content={isLogin ? orderBadge(counts.data?.[entry.status]) : null}
                >
                  <span className="my-orders__icon">{entry.icon}</span>
                </Badge>
                <span>{entry.title}</span>
              </button>
            ))}
          </div>
        </section>
        <MemberEntries />
        <EntryList entries={SHOPPING} />
        <EntryList entries={services} />
        <EntryList entries={ENTRIES} />
      </div>
    </div>
  );
}
