import type { ImGroupMember } from '@chaopin/contracts';
import TIM, { type GroupProfile, type Message } from '@chaopin/im-sdk';
import { describe, expect, it } from 'vitest';
import {
  type Client,
  client,
  clientsOf,
  errorOf,
  eventually,
  imServerPerFile,
  rawCall,
} from '../../../../test/kits/im-kit.ts';

const s = imServerPerFile();
const open = s.open;

const users = (n: number) => clientsOf(s, n, 'M');
const raw = rawCall;

/** The "member info modified" tips (type 7) a client received in a group, as their member entries. */
const memberTips = (c: Client, gid: string) =>
  c.received
    .filter(
      (m: Message) =>
        m.conversationID === `GROUP${gid}` &&
        m.type === TIM.TYPES.MSG_GRP_TIP &&
        (m.payload as { operationType: number }).operationType ===
          TIM.TYPES.GRP_TIP_MBR_PROFILE_UPDATED,
    )
    .flatMap((m) => (m.payload as { memberList: Array<Record<string, unknown>> }).memberList);

async function members(c: Client, gid: string) {
  const r = await c.tim.getGroupMemberList({ groupID: gid, count: 100 });
  return new Map((r.data as { memberList: ImGroupMember[] }).memberList.map((m) => [m.userID, m]));
}

/** A Public group: owner, admin and two members (all logged in). */
async function publicGroup() {
  const [owner, admin, m1, m2] = (await users(4)) as [Client, Client, Client, Client];
  const group = (
    await owner.tim.createGroup({
      type: 'Public',
      name: '名片群',
      memberList: [admin, m1, m2].map((c) => ({ userID: c.userID })),
    })
  ).data.group;
  await owner.tim.setGroupMemberRole({
    groupID: group.groupID,
    userID: admin.userID,
    role: 'Admin',
  });
  for (const c of [admin, m1, m2])
    await eventually(async () =>
      expect((await c.tim.getGroupList()).data.groupList.map((g) => g.groupID)).toContain(
        group.groupID,
      ),
    );
  return { gid: group.groupID, owner, admin, m1, m2 };
}

describe('group member name card', () => {
  it('a member sets their own: every member gets the tip, every device of theirs the new selfInfo', async () => {
    const { gid, owner, admin, m1, m2 } = await publicGroup();
    const m1Other = await client(s.url, {
      userID: m1.userID,
      userSig: (m1.tim as unknown as { userSig: string }).userSig,
    });
    open.push(m1Other);
    const updates: GroupProfile[][] = [];
    m1Other.tim.on(TIM.EVENT.GROUP_LIST_UPDATED, (e) => updates.push(e.data as GroupProfile[]));

    const r = await m1.tim.setGroupMemberNameCard({ groupID: gid, nameCard: '小明-采购部' });
    expect(r.data.group.selfInfo.nameCard).toBe('小明-采购部');
    expect(r.data.member).toMatchObject({ userID: m1.userID, nameCard: '小明-采购部' });
    expect(
      (await m1.tim.getGroupList()).data.groupList.find((g) => g.groupID === gid)?.selfInfo
        .nameCard,
    ).toBe('小明-采购部');

    for (const c of [owner, admin, m1, m2, m1Other]) {
      await eventually(() =>
        expect(memberTips(c, gid)).toContainEqual({ userID: m1.userID, nameCard: '小明-采购部' }),
      );
    }
    // The other device learns it from the tip alone (no reload of the group list).
    await eventually(() =>
      expect(updates.at(-1)?.find((g) => g.groupID === gid)?.selfInfo.nameCard).toBe('小明-采购部'),
    );
    expect(
      (await m1Other.tim.getGroupList()).data.groupList.find((g) => g.groupID === gid)?.selfInfo
        .nameCard,
    ).toBe('小明-采购部');

    // Everyone's member list and member profile show it.
    expect((await members(m2, gid)).get(m1.userID)?.nameCard).toBe('小明-采购部');
    const prof = (await owner.tim.getGroupMemberProfile({ groupID: gid, userIDList: [m1.userID] }))
      .data.memberList as ImGroupMember[];
    expect(prof[0]).toMatchObject({ userID: m1.userID, nameCard: '小明-采购部' });

    // Setting the same card again changes nothing and posts no tip.
    const before = memberTips(owner, gid).length;
    await m1.tim.setGroupMemberNameCard({ groupID: gid, nameCard: '小明-采购部' });
    await new Promise((res) => setTimeout(res, 200));
    expect(memberTips(owner, gid).length).toBe(before);

    // '' clears it.
    await m1.tim.setGroupMemberNameCard({ groupID: gid, nameCard: '' });
    expect((await members(owner, gid)).get(m1.userID)?.nameCard).toBe('');
  });

  it("others' cards: the owner anyone's, an admin a member's, a member nobody's", async () => {
    const { gid, owner, admin, m1, m2 } = await publicGroup();
    const set = (by: Client, of: Client, nameCard: string) =>
      by.tim.setGroupMemberNameCard({ groupID: gid, userID: of.userID, nameCard });

    expect(await errorOf(set(m1, m2, 'x'))).toBe('IM_MEMBER_INFO_DENIED');
    expect(
      await errorOf(
        raw(m1)('setGroupMemberNameCard', { groupID: gid, userID: m2.userID, nameCard: 'x' }),
      ),
    ).toBe('IM_MEMBER_INFO_DENIED');
    expect(await errorOf(set(admin, owner, 'x'))).toBe('IM_MEMBER_INFO_DENIED');
    await set(admin, m1, '由管理员设置');
    await set(owner, admin, '管理员小王');
    await set(owner, owner, '群主');
    await owner.tim.setGroupMemberRole({ groupID: gid, userID: m2.userID, role: 'Admin' });
    expect(await errorOf(set(admin, m2, 'x'))).toBe('IM_MEMBER_INFO_DENIED');

    const list = await members(m1, gid);
    expect(list.get(m1.userID)?.nameCard).toBe('由管理员设置');
    expect(list.get(admin.userID)?.nameCard).toBe('管理员小王');
    expect(list.get(owner.userID)?.nameCard).toBe('群主');
    expect(list.get(m2.userID)?.nameCard).toBe('');
    // The member whose card the admin set sees it in their own group profile, via the tip.
    await eventually(async () =>
      expect(
        (await m1.tim.getGroupList()).data.groupList.find((g) => g.groupID === gid)?.selfInfo
          .nameCard,
      ).toBe('由管理员设置'),
    );
    await eventually(() =>
      expect(memberTips(m2, gid)).toContainEqual({ userID: m1.userID, nameCard: '由管理员设置' }),
    );
    const tip = m2.received.find(
      (m) =>
        m.type === TIM.TYPES.MSG_GRP_TIP &&
        (m.payload as { memberList?: Array<{ nameCard?: string }> }).memberList?.[0]?.nameCard ===
          '由管理员设置',
    );
    expect((tip?.payload as { operatorID?: string } | undefined)?.operatorID).toBe(admin.userID);
  });

  it('bad input: too long, not a member, not in the group, not a string, a live room', async () => {
    const { gid, owner, m1 } = await publicGroup();
    const [outsider] = (await users(1)) as [Client];
    // 50 bytes is the limit (TIM): 16 CJK characters are 48 bytes, 17 are 51.
    await m1.tim.setGroupMemberNameCard({ groupID: gid, nameCard: '长'.repeat(16) });
    expect(
      await errorOf(() =>
        m1.tim.setGroupMemberNameCard({ groupID: gid, nameCard: '长'.repeat(17) }),
      ),
    ).toBe('IM_NAME_CARD_TOO_LONG');
    expect(
      await errorOf(raw(m1)('setGroupMemberNameCard', { groupID: gid, nameCard: 'a'.repeat(51) })),
    ).toBe('IM_NAME_CARD_TOO_LONG');
    expect(await errorOf(raw(m1)('setGroupMemberNameCard', { groupID: gid, nameCard: 5 }))).toBe(
      'IM_BAD_FRAME',
    );
    expect(
      await errorOf(() =>
        m1.tim.setGroupMemberNameCard({ groupID: gid, nameCard: undefined as unknown as string }),
      ),
    ).toBe('IM_BAD_FRAME');
    expect(
      await errorOf(outsider.tim.setGroupMemberNameCard({ groupID: gid, nameCard: 'x' })),
    ).toBe('IM_NOT_MEMBER');
    expect(
      await errorOf(
        owner.tim.setGroupMemberNameCard({ groupID: gid, userID: outsider.userID, nameCard: 'x' }),
      ),
    ).toBe('IM_MEMBER_NOT_IN_GROUP');
    expect(
      await errorOf(owner.tim.setGroupMemberNameCard({ groupID: '@TGS#none', nameCard: 'x' })),
    ).toBe('IM_GROUP_NOT_FOUND');
    expect((await members(owner, gid)).get(m1.userID)?.nameCard).toBe('长'.repeat(16));

    const live = (await owner.tim.createGroup({ type: 'AVChatRoom', name: '直播' })).data.group;
    expect(
      await errorOf(owner.tim.setGroupMemberNameCard({ groupID: live.groupID, nameCard: '主播' })),
    ).toBe('IM_MEMBER_INFO_AVCHATROOM');
    expect(
      await errorOf(
        owner.tim.setGroupMemberCustomField({
          groupID: live.groupID,
          memberCustomField: [{ key: 'k', value: 'v' }],
        }),
      ),
    ).toBe('IM_MEMBER_INFO_AVCHATROOM');
  });

  it('Work (Private) and ChatRoom groups: own card and the owner setting a member’s', async () => {
    const [owner, m] = (await users(2)) as [Client, Client];
    for (const type of ['Private', 'ChatRoom'] as const) {
      const g = (
        await owner.tim.createGroup({ type, name: type, memberList: [{ userID: m.userID }] })
      ).data.group;
      await m.tim.setGroupMemberNameCard({ groupID: g.groupID, nameCard: `我在${type}` });
      await owner.tim.setGroupMemberNameCard({
        groupID: g.groupID,
        userID: m.userID,
        nameCard: `群主改的${type}`,
      });
      expect((await members(m, g.groupID)).get(m.userID)?.nameCard).toBe(`群主改的${type}`);
    }
  });
});

describe('group member custom fields', () => {
  it('set, merge and delete; shown in the member list and profile; a tip to every member', async () => {
    const { gid, owner, admin, m1, m2 } = await publicGroup();
    const fields = async (viewer: Client, of: Client) =>
      (
        (await viewer.tim.getGroupMemberProfile({ groupID: gid, userIDList: [of.userID] })).data
          .memberList as ImGroupMember[]
      )[0]?.memberCustomField;

    expect((await members(owner, gid)).get(m1.userID)?.memberCustomField).toEqual([]);
    const r = await m1.tim.setGroupMemberCustomField({
      groupID: gid,
      memberCustomField: [{ key: 'level', value: '3' }],
    });
    expect(r.data.member.memberCustomField).toEqual([{ key: 'level', value: '3' }]);
    await m1.tim.setGroupMemberCustomField({
      groupID: gid,
      memberCustomField: [
        { key: 'dept', value: '采购' },
        { key: 'level', value: '4' },
      ],
    });
    expect(await fields(m2, m1)).toEqual([
      { key: 'level', value: '4' },
      { key: 'dept', value: '采购' },
    ]);
    expect((await members(owner, gid)).get(m1.userID)?.memberCustomField).toEqual([
      { key: 'level', value: '4' },
      { key: 'dept', value: '采购' },
    ]);
    for (const c of [owner, admin, m1, m2]) {
      await eventually(() =>
        expect(memberTips(c, gid)).toContainEqual({
          userID: m1.userID,
          memberCustomField: [
            { key: 'level', value: '4' },
            { key: 'dept', value: '采购' },
          ],
        }),
      );
    }
    // An empty value deletes the field.
    await m1.tim.setGroupMemberCustomField({
      groupID: gid,
      memberCustomField: [{ key: 'level', value: '' }],
    });
    expect(await fields(owner, m1)).toEqual([{ key: 'dept', value: '采购' }]);

    // Others' fields: same rules as the name card.
    expect(
      await errorOf(
        m2.tim.setGroupMemberCustomField({
          groupID: gid,
          userID: m1.userID,
          memberCustomField: [{ key: 'k', value: 'v' }],
        }),
      ),
    ).toBe('IM_MEMBER_INFO_DENIED');
    await admin.tim.setGroupMemberCustomField({
      groupID: gid,
      userID: m2.userID,
      memberCustomField: [{ key: 'vip', value: '1' }],
    });
    expect(await fields(m1, m2)).toEqual([{ key: 'vip', value: '1' }]);
  });

  it('bad input: key and value bytes, types, duplicates, too many fields', async () => {
    const { gid, m1 } = await publicGroup();
    const set = (memberCustomField: unknown) =>
      raw(m1)('setGroupMemberCustomField', { groupID: gid, memberCustomField });
    const viaSdk = (memberCustomField: unknown) =>
      errorOf(() =>
        m1.tim.setGroupMemberCustomField({
          groupID: gid,
          memberCustomField: memberCustomField as Array<{ key: string; value: string }>,
        }),
      );
    const bad: unknown[] = [
      [],
      [{ key: 'k'.repeat(17), value: 'v' }], // key over 16 bytes
      [{ key: '键键键键键键', value: 'v' }], // 18 bytes
      [{ key: 'k', value: 'v'.repeat(65) }], // value over 64 bytes
      [{ key: '', value: 'v' }],
      [{ key: 'k', value: 5 }],
      [{ key: 7, value: 'v' }],
      [null],
      [
        { key: 'k', value: '1' },
        { key: 'k', value: '2' },
      ],
    ];
    for (const b of bad) {
      expect(await errorOf(set(b))).toBe('IM_MEMBER_CUSTOM_INVALID');
      expect(await viaSdk(b)).toBe('IM_MEMBER_CUSTOM_INVALID');
    }
    expect(await errorOf(set('level=3'))).toBe('IM_BAD_FRAME');
    const six = Array.from({ length: 6 }, (_, i) => ({ key: `k${i}`, value: 'v' }));
    expect(await errorOf(set(six))).toBe('IM_MEMBER_CUSTOM_TOO_MANY');
    expect(await viaSdk(six)).toBe('IM_MEMBER_CUSTOM_TOO_MANY');
    // Limits exactly: 16-byte key, 64-byte value, five fields in all.
    await set(six.slice(0, 4).concat({ key: 'k'.repeat(16), value: '值'.repeat(21) }));
    expect(await errorOf(set([{ key: 'one-more', value: 'v' }]))).toBe('IM_MEMBER_CUSTOM_TOO_MANY');
    // Replacing one of the five is fine.
    await set([{ key: 'k0', value: 'changed' }]);
    const mine = (
      (await m1.tim.getGroupMemberProfile({ groupID: gid, userIDList: [m1.userID] })).data
        .memberList as ImGroupMember[]
    )[0]?.memberCustomField;
    expect(mine?.length).toBe(5);
    expect(mine?.[0]).toEqual({ key: 'k0', value: 'changed' });
  });

  it('member profile queries are cut to 50 user ids', async () => {
    const { gid, owner, m1 } = await publicGroup();
    const fifty = Array.from({ length: 50 }, (_, i) => `nobody${i}`);
    const cut = (await raw(owner)('getGroupMemberProfile', {
      groupID: gid,
      userIDList: [...fifty, m1.userID],
    })) as ImGroupMember[];
    expect(cut).toEqual([]);
    const within = (await raw(owner)('getGroupMemberProfile', {
      groupID: gid,
      userIDList: [...fifty.slice(1), m1.userID],
    })) as ImGroupMember[];
    expect(within.map((m) => m.userID)).toEqual([m1.userID]);
  });
});
