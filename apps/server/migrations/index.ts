import type { Migration } from 'kysely';
import * as m0001 from './0001_accounts.ts';
import * as m0002 from './0002_catalogue.ts';
import * as m0003 from './0003_catalogue_detail.ts';
import * as m0004 from './0004_address_cart.ts';
import * as m0005 from './0005_orders_payments.ts';
import * as m0006 from './0006_order_barrage.ts';
import * as m0007 from './0007_home_activity.ts';
import * as m0008 from './0008_aftersale.ts';
import * as m0009 from './0009_logistics_evaluation.ts';
import * as m0010 from './0010_invoices_service.ts';
import * as m0011 from './0011_messages.ts';
import * as m0012 from './0012_im.ts';
import * as m0013 from './0013_search_log_hits.ts';
import * as m0014 from './0014_im_at_tips.ts';
import * as m0015 from './0015_im_kick.ts';
import * as m0016 from './0016_im_member_info.ts';
import * as m0017 from './0017_im_seq_last_ms.ts';
import * as m0018 from './0018_im_conversation_order.ts';
import * as m0022 from './0022_im_shop_replies.ts';
import * as m0023 from './0023_agreement_privacy_popup_audience.ts';
import * as m0024 from './0024_seckill.ts';
import * as m0025 from './0025_live.ts';
import * as m0026 from './0026_coupons_wallet.ts';
import * as m0027 from './0027_promotion.ts';
import * as m0028 from './0028_points.ts';
import * as m0029 from './0029_bargain.ts';
import * as m0030 from './0030_zones.ts';
import * as m0031 from './0031_redeem_exchange.ts';
import * as m0032 from './0032_team_search.ts';
import * as m0033 from './0033_guess_game.ts';
import * as m0034 from './0034_redeem_products.ts';
import * as m0035 from './0035_sku_free_shipping.ts';
import * as m0036 from './0036_points_deduction.ts';
import * as m0037 from './0037_lucky_draw.ts';
import * as m0038 from './0038_card_collect.ts';
import * as m0039 from './0039_farm.ts';
import * as m0040 from './0040_game_cash_entry.ts';
import * as m0041 from './0041_coupon_wallet_version.ts';
import * as m0042 from './0042_medicine.ts';
import * as m0043 from './0043_goddess.ts';
import * as m0044 from './0044_order_reward_reversal.ts';
import * as m0045 from './0045_medicine_rx.ts';
import * as m0046 from './0046_rx_purchase.ts';
import * as m0047 from './0047_console_access.ts';
import * as m0049 from './0049_order_console.ts';
import * as m0050 from './0050_dashboard.ts';
import * as m0051 from './0051_user_console.ts';
import * as m0052 from './0052_chat_desk.ts';
import * as m0053 from './0053_console_content.ts';
import * as m0054 from './0054_dashboard_buyer_counts.ts';
import * as m0055 from './0055_dashboard_funnel_users.ts';
import * as m0060 from './0060_user_wechat.ts';
import * as m0061 from './0061_web_ticket.ts';

/** Every migration, in order. Landed migrations are never edited: add a new file instead. */
export const migrations: Record<string, Migration> = {
  '0001_accounts': m0001,
  '0002_catalogue': m0002,
  '0003_catalogue_detail': m0003,
  '0004_address_cart': m0004,
  '0005_orders_payments': m0005,
  '0006_order_barrage': m0006,
  '0007_home_activity': m0007,
  '0008_aftersale': m0008,
  '0009_logistics_evaluation': m0009,
  '0010_invoices_service': m0010,
  '0011_messages': m0011,
  '0012_im': m0012,
  '0013_search_log_hits': m0013,
  '0014_im_at_tips': m0014,
  '0015_im_kick': m0015,
  '0016_im_member_info': m0016,
  '0017_im_seq_last_ms': m0017,
  '0018_im_conversation_order': m0018,
  '0022_im_shop_replies': m0022,
  '0023_agreement_privacy_popup_audience': m0023,
  '0024_seckill': m0024,
  '0025_live': m0025,
  '0026_coupons_wallet': m0026,
  '0027_promotion': m0027,
  '0028_points': m0028,
  '0029_bargain': m0029,
  '0030_zones': m0030,
  '0031_redeem_exchange': m0031,
  '0032_team_search': m0032,
  '0033_guess_game': m0033,
  '0034_redeem_products': m0034,
  '0035_sku_free_shipping': m0035,
  '0036_points_deduction': m0036,
  '0037_lucky_draw': m0037,
  '0038_card_collect': m0038,
  '0039_farm': m0039,
  '0040_game_cash_entry': m0040,
  '0041_coupon_wallet_version': m0041,
  '0042_medicine': m0042,
  '0043_goddess': m0043,
  '0044_order_reward_reversal': m0044,
  '0045_medicine_rx': m0045,
  '0046_rx_purchase': m0046,
  '0047_console_access': m0047,
  '0049_order_console': m0049,
  '0050_dashboard': m0050,
  '0051_user_console': m0051,
  '0052_chat_desk': m0052,
  '0053_console_content': m0053,
  '0054_dashboard_buyer_counts': m0054,
  '0055_dashboard_funnel_users': m0055,
  '0060_user_wechat': m0060,
  '0061_web_ticket': m0061,
};
