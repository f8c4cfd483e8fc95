import { chinaDay } from '../../platform/china-time.ts';
import type { DomainEvent } from '../../platform/domain-events.ts';

/** What a domain event writes to the user's order messages. */
export interface OrderMessageDraft {
  userId: number;
  kind: DomainEvent['type'];
  /** With kind and user, the idempotence key: one message per thing that happened. */
  ref: string;
  orderNo: string;
  title: string;
  content: string;
}

const CONTENT_MAX = 500;

/** ¥12.90 from fen, integer arithmetic only. */
export function yuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}¥${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function clip(text: string, max = CONTENT_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

const CLOCK = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** 复诊开药: the patient hears of the prescription or the refusal, the pharmacist of a request. */
function medicineNotice(
  event: DomainEvent,
): { userId: number; title: string; content: string; link: string } | null {
  switch (event.type) {
    case 'medicine.prescribed':
      return {
        userId: event.userId,
        title: '处方已开具',
        content: clip(
          `药师已为您开具处方，请在 ${chinaDay(new Date(event.validUntil.getTime() - 1000))} 24:00 前购药。`,
        ),
        link: `/rootPages/tim/preInfo?id=${event.visitId}`,
      };
    case 'medicine.rejected':
      return {
        userId: event.userId,
        title: '复诊申请未通过',
        content: clip(`药师未能为您开具处方：${event.reason}`),
        link: `/rootPages/tim/preInfo?id=${event.visitId}`,
      };
    case 'medicine.assigned':
      return {
        userId: event.userId,
        title: '新的复诊申请',
        content: clip(`复诊申请 ${event.visitNo} 等待您接诊，请在药师工作台查看。`),
        link: '/rootPages/tim/pharmacistDesk',
      };
    default:
      return null;
  }
}

/**
 * The system notice (to one user) for an event that is not about an order, or null. Its
 * once-only guard is the producer's (a flash reminder: the subscription's reminded_at).
 */
export function noticeFor(
  event: DomainEvent,
): { userId: number; title: string; content: string; link: string } | null {
  if (event.type === 'live.started') {
    return {
      userId: event.userId,
      title: '开播提醒',
      content: clip(`您关注的主播「${event.hostName}」开播啦：${event.title}，快来直播间看看吧！`),
      link: `/rootPages/livePlay/play?id=${event.roomId}`,
    };
  }
  if (event.type === 'points.expiring') {
    return {
      userId: event.userId,
      title: '积分过期提醒',
      content: clip(
        `您有 ${event.points} 积分将于 ${chinaDay(new Date(event.expiresAt.getTime() - 1000))} 24:00 过期，快去积分商城兑换好礼吧！`,
      ),
      link: '/rootPages/exchange/exchangeWeb',
    };
  }
  const medicine = medicineNotice(event);
  if (medicine) return medicine;
  if (event.type !== 'seckill.reminder') return null;
  return {
    userId: event.userId,
    title: '秒杀提醒',
    content: clip(
      `您订阅的「${event.title}」将于 ${CLOCK.format(event.startAt)} 开抢，秒杀价 ${yuan(event.flashPrice)}，数量有限，先到先得！`,
    ),
    link: `/rootPages/mySubscribe/shopRush?id=${event.itemId}`,
  };
}

/** The order message for an event; null for an event that tells the user nothing. */
export function draftFor(event: DomainEvent): OrderMessageDraft | null {
  const base = { userId: event.userId, kind: event.type };
  switch (event.type) {
    case 'order.paid': {
      // An order is paid once, so its first order number names the payment.
      const [first = ''] = event.orderNos;
      const which =
        event.orderNos.length > 1 ? `${first} 等${event.orderNos.length}笔订单` : `${first} `;
      return {
        ...base,
        ref: first,
        orderNo: first,
        title: '订单支付成功',
        content: `您的订单 ${which}已支付 ${yuan(event.amount)}，商家正在备货`,
      };
    }
    case 'order.shipped':
      return {
        ...base,
        ref: event.orderNo,
        orderNo: event.orderNo,
        title: '订单已发货',
        content: clip(
          `您的订单 ${event.orderNo} 已发货，由${event.carrier}承运，运单号 ${event.trackingNo}，请留意查收`,
        ),
      };
    case 'order.signed':
      return {
        ...base,
        ref: event.orderNo,
        orderNo: event.orderNo,
        title: '订单已签收',
        content: `您的订单 ${event.orderNo} 已签收，如有问题请及时联系商家`,
      };
    case 'order.received':
      return {
        ...base,
        ref: event.orderNo,
        orderNo: event.orderNo,
        title: '订单已确认收货',
        content: event.auto
          ? `您的订单 ${event.orderNo} 已超时自动确认收货，欢迎评价本次购物`
          : `您的订单 ${event.orderNo} 已确认收货，欢迎评价本次购物`,
      };
    case 'refund.approved':
      return {
        ...base,
        ref: event.refundNo,
        orderNo: event.orderNo,
        title: '退款申请已通过',
        content: `您的订单 ${event.orderNo} 的退款申请已通过，退款金额 ${yuan(event.amount)}`,
      };
    case 'refund.rejected':
      return {
        ...base,
        ref: event.refundNo,
        orderNo: event.orderNo,
        title: '退款申请未通过',
        content: clip(`您的订单 ${event.orderNo} 的退款申请未通过，原因：${event.reason}`),
      };
    case 'refund.refunded':
      return {
        ...base,
        ref: event.refundNo,
        orderNo: event.orderNo,
        title: '退款成功',
        content: `您的订单 ${event.orderNo} 退款 ${yuan(event.amount)} 已原路退回，请注意查收`,
      };
    case 'invoice.issued':
      return {
        ...base,
        ref: String(event.invoiceId),
        orderNo: event.orderNo,
        title: '发票已开具',
        content: `您的订单 ${event.orderNo} 的发票已开具，可在“我的发票”中查看`,
      };
    default:
      return null;
  }
}
