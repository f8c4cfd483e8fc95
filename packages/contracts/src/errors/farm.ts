import type { ErrorTable } from './table.ts';

/** Errors of the farm game (种果树). */
export const FARM_ERRORS = {
  FARM_NO_TREE: { status: 409, msg: '还没有种树' },
  FARM_TREE_NOT_FOUND: { status: 404, msg: '果树不存在' },
  FARM_HAS_TREE: { status: 409, msg: '已经种了一棵果树，收获后才能再种' },
  FARM_WATER_NOT_ENOUGH: { status: 409, msg: '水壶里的水不够了' },
  FARM_ALREADY_COLLECTED: { status: 409, msg: '今天已经领过水了' },
  FARM_SHARED_TODAY: { status: 409, msg: '今天已经分享过了' },
  FARM_NOT_RIPE: { status: 409, msg: '果子还没成熟' },
  FARM_RIPE: { status: 409, msg: '果子已经成熟了，快去收获吧' },
  FARM_HARVESTED: { status: 409, msg: '果子已经收获过了' },
  FARM_HELP_SELF: { status: 400, msg: '不能给自己助力哦' },
  FARM_HELPED_TODAY: { status: 409, msg: '今天已经帮这位好友浇过水了' },
  FARM_FRIEND_NOT_FOUND: { status: 404, msg: '好友不存在' },
  FARM_FRUIT_NOT_FOUND: { status: 404, msg: '果树品种不存在' },
  FARM_FRUIT_INVALID: {
    status: 400,
    msg: '请填写正确的果树品种（名称、图片、成熟所需水量、成长阶段与收获奖励）',
  },
} as const satisfies ErrorTable;
