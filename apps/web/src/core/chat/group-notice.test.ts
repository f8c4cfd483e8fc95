import { GROUP_NOTICE } from '@chaopin/contracts';
import { describe, expect, it } from 'vitest';
import { groupNoticeText, noticeGroup, summaryOf } from './message-view.ts';

const notice = (operationType: number, extra: Record<string, unknown> = {}) => ({
  operationType,
  operatorID: 'u1',
  handleMessage: '',
  groupProfile: { groupID: 'g1', name: '周末拼单群', type: 'Private' },
  ...extra,
});
const names = (id: string) => (id === 'u1' ? '小王' : '');

describe('group system notices as sentences (the 群通知 list)', () => {
  it('says every SPEC §4 type with the operator and the group, no placeholders', () => {
    const cases: Array<[number, string]> = [
      [GROUP_NOTICE.JOIN_REQUEST, '小王 申请加入群聊「周末拼单群」'],
      [GROUP_NOTICE.JOIN_ACCEPTED, '你加入群聊「周末拼单群」的申请已通过'],
      [GROUP_NOTICE.JOIN_REFUSED, '你加入群聊「周末拼单群」的申请被拒绝'],
      [GROUP_NOTICE.KICKED, '你已被 小王 移出群聊「周末拼单群」'],
      [GROUP_NOTICE.DISMISSED, '群聊「周末拼单群」已被 小王 解散'],
      [GROUP_NOTICE.INVITED, '小王 邀请你加入了群聊「周末拼单群」'],
      [GROUP_NOTICE.QUIT, '你已退出群聊「周末拼单群」'],
      [GROUP_NOTICE.SET_ADMIN, '你已成为群聊「周末拼单群」的管理员'],
      [GROUP_NOTICE.CANCEL_ADMIN, '你已不再是群聊「周末拼单群」的管理员'],
      [GROUP_NOTICE.CUSTOM, '群聊「周末拼单群」有新通知'],
    ];
    for (const [type, text] of cases) expect(groupNoticeText(notice(type), names)).toBe(text);
  });

  it('reads well without the operator’s name (the conversation list), with a note when given', () => {
    expect(groupNoticeText(notice(GROUP_NOTICE.INVITED))).toBe('你已被邀请加入群聊「周末拼单群」');
    expect(groupNoticeText(notice(GROUP_NOTICE.KICKED))).toBe('你已被移出群聊「周末拼单群」');
    expect(groupNoticeText(notice(GROUP_NOTICE.DISMISSED))).toBe('群聊「周末拼单群」已被群主解散');
    expect(groupNoticeText(notice(GROUP_NOTICE.JOIN_REQUEST, { handleMessage: '我是小李' }))).toBe(
      '有人 申请加入群聊「周末拼单群」：我是小李',
    );
    expect(groupNoticeText(notice(GROUP_NOTICE.CUSTOM, { handleMessage: '今晚8点开团' }))).toBe(
      '今晚8点开团',
    );
  });

  it('falls back to the group id, and is what the conversation list summarises', () => {
    const bare = notice(GROUP_NOTICE.QUIT, { groupProfile: { groupID: 'g9' } });
    expect(noticeGroup(bare)).toEqual({ groupID: 'g9', name: 'g9' });
    expect(groupNoticeText(bare)).toBe('你已退出群聊「g9」');
    const summary = summaryOf(
      {
        type: 'TIMGroupSystemNoticeElem',
        isRevoked: false,
        payload: notice(7),
        from: '@TIM#SYSTEM',
      },
      'me',
    );
    expect(summary).toBe('你已被邀请加入群聊「周末拼单群」');
    expect(summary).not.toContain('[群系统通知]');
  });
});
