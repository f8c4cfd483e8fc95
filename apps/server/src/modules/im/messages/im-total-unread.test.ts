import TIM from '@chaopin/im-sdk';
import { describe, expect, it } from 'vitest';
import { clientsOf, eventually, imServerPerFile, text } from '../../../../test/kits/im-kit.ts';

const s = imServerPerFile();

const totals = (c: { events: Array<{ name: string; data: unknown }> }) =>
  c.events
    .filter((e) => e.name === TIM.EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED)
    .map((e) => e.data as number);

describe('total unread (the badges of the message centre)', () => {
  it('adds up every conversation, group notices included, and follows reads and logout', async () => {
    const [a, b, c] = await clientsOf(s, 3, 'T');
    if (!a || !b || !c) throw new Error('three clients');
    expect(b.tim.getTotalUnreadMessageCount()).toBe(0);
    await a.tim.sendMessage(text(a.tim, b.userID, '一'));
    await a.tim.sendMessage(text(a.tim, b.userID, '二'));
    await c.tim.sendMessage(text(c.tim, b.userID, '三'));
    await eventually(() => expect(b.tim.getTotalUnreadMessageCount()).toBe(3));
    // A group with b as a member: b gets the invitation notice (the tip of the join is not unread).
    await a.tim.createGroup({
      type: 'Private',
      name: '三人组',
      memberList: [{ userID: b.userID }],
    });
    await eventually(() => expect(b.tim.getTotalUnreadMessageCount()).toBe(4));
    expect(totals(b).at(-1)).toBe(4);
    await b.tim.setMessageRead({ conversationID: '@TIM#SYSTEM' });
    await b.tim.setMessageRead({ conversationID: `C2C${a.userID}` });
    await eventually(() => expect(totals(b).at(-1)).toBe(1));
    expect(b.tim.getTotalUnreadMessageCount()).toBe(1);
    // Announced on changes only: no repeats of the same number back to back.
    const seen = totals(b);
    expect(seen.filter((n, i) => i > 0 && n === seen[i - 1])).toEqual([]);
    await b.tim.logout();
    expect(totals(b).at(-1)).toBe(0);
    expect(b.tim.getTotalUnreadMessageCount()).toBe(0);
  });
});
