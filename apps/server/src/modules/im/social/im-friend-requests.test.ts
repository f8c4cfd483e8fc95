import type { FriendApplication } from '@chaopin/im-sdk';
import { describe, expect, it } from 'vitest';
import { clientsOf, eventually, imServerPerFile } from '../../../../test/kits/im-kit.ts';

const s = imServerPerFile();

describe('friend requests (新的朋友)', () => {
  it('carry the other user’s nick and avatar both ways, and follow a profile change', async () => {
    const [a, b] = await clientsOf(s, 2, '潮友');
    if (!a || !b) throw new Error('two clients');
    await a.tim.updateMyProfile({ avatar: '/assets/avatars/3.svg' });
    await a.tim.addFriend({ to: b.userID, wording: '一起拼单吧' });
    const list = async (c: typeof a) => (await c.tim.getFriendApplicationList()).data;
    let incoming: FriendApplication[] = [];
    await eventually(async () => {
      incoming = await list(b);
      expect(incoming).toHaveLength(1);
    });
    expect(incoming[0]).toEqual({
      userID: a.userID,
      nick: '潮友0',
      avatar: '/assets/avatars/3.svg',
      type: 'Pendency_Type_ComeIn',
      wording: '一起拼单吧',
      time: expect.any(Number),
    });
    // Mine: the person I asked, whose avatar is empty (the app shows its default avatar).
    expect(await list(a)).toEqual([
      expect.objectContaining({
        userID: b.userID,
        nick: '潮友1',
        avatar: '',
        type: 'Pendency_Type_SendOut',
      }),
    ]);
    await a.tim.updateMyProfile({ nick: '小王' });
    expect((await list(b))[0]?.nick).toBe('小王');
  });
});
