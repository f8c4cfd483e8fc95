import TIM, { type GroupProfile } from '@chaopin/im-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  client,
  clientsOf,
  errorOf,
  imServerPerFile,
  imUser,
  operatorToken,
  REST_BASE,
  rawCall,
} from '../../../../test/kits/im-kit.ts';

// A Private (Work) group is visible to its members only: to anyone else every profile read
// (getGroupProfile, getGroupsProfile, searchGroupByID, REST GET chatgroups/{id}) answers
// exactly as for a group that does not exist. Public, ChatRoom and AVChatRoom stay searchable.

const s = imServerPerFile();

const TYPES = ['Public', 'Private', TIM.TYPES.GRP_WORK, 'ChatRoom', 'AVChatRoom'] as const;
const HIDDEN = new Set<string>(['Private', TIM.TYPES.GRP_WORK]);

let owner: Client;
let member: Client;
let outsider: Client;
/** The users' sigs: an IM credential is also their REST bearer token. */
const sigs = new Map<string, string>();
let operator: string;
const groups = new Map<string, GroupProfile>();

beforeAll(async () => {
  [owner, member, outsider] = (await Promise.all(
    ['owner', 'member', 'outsider'].map(async (nick) => {
      const user = await imUser(s.app, nick);
      sigs.set(user.userID, user.userSig);
      const c = await client(s.url, user);
      s.open.push(c);
      return c;
    }),
  )) as [Client, Client, Client];
  operator = await operatorToken(s.app);
  for (const type of TYPES) {
    const g = (
      await owner.tim.createGroup({
        type,
        name: `秘密${type}`,
        introduction: `简介${type}`,
        notification: `公告${type}`,
        memberList: [{ userID: member.userID }],
      })
    ).data.group;
    // A live room keeps no member list: its viewers join.
    if (type === 'AVChatRoom') await member.tim.joinGroup({ groupID: g.groupID });
    groups.set(type, g);
  }
});

const gid = (type: string) => groups.get(type)?.groupID as string;

/** The whole socket error (code, error, message), to compare with an absent group's. */
async function socketError(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    const e = err as { code?: number; error?: string; message?: string };
    return { code: e.code, error: e.error, message: e.message };
  }
  return 'NO_ERROR';
}

const restDetail = (groupID: string, token: string) =>
  s.app.inject({
    method: 'GET',
    url: `${REST_BASE}/chatgroups/${encodeURIComponent(groupID)}?version=v3`,
    headers: { authorization: `Bearer ${token}` },
  });

describe('group visibility: 5 types × member / non-member / operator REST / user REST', () => {
  it.each(TYPES)('%s: a member reads it through every surface', async (type) => {
    const id = gid(type);
    const profile = (await member.tim.getGroupProfile({ groupID: id })).data.group;
    expect(profile).toMatchObject({ groupID: id, name: `秘密${type}`, ownerID: owner.userID });
    const many = (await member.tim.getGroupsProfile({ groupIDList: [id] })).data
      .groupList as GroupProfile[];
    expect(many.map((g) => g.groupID)).toEqual([id]);
    expect((await member.tim.searchGroupByID(id)).data.group).toMatchObject({
      groupID: id,
      introduction: `简介${type}`,
    });
  });

  it.each(TYPES)('%s: a non-member reads it only if it is not Private/Work', async (type) => {
    const id = gid(type);
    const hidden = HIDDEN.has(type);
    const absent = await socketError(outsider.tim.getGroupProfile({ groupID: 'no-such-group' }));
    const profile = await socketError(outsider.tim.getGroupProfile({ groupID: id }));
    const search = await socketError(outsider.tim.searchGroupByID(id));
    const many = (
      (await outsider.tim.getGroupsProfile({ groupIDList: [id, 'no-such-group'] })).data
        .groupList as GroupProfile[]
    ).map((g) => g.groupID);
    if (hidden) {
      expect(profile).toEqual(absent);
      expect(search).toEqual(await socketError(outsider.tim.searchGroupByID('no-such-group')));
      expect((absent as { error: string }).error).toBe('IM_GROUP_NOT_FOUND');
      expect(many).toEqual([]);
      // Straight to the server too, past the SDK.
      expect(await errorOf(rawCall(outsider)('getGroupProfile', { groupID: id }))).toBe(
        'IM_GROUP_NOT_FOUND',
      );
      expect(await errorOf(rawCall(outsider)('searchGroupByID', { groupID: id }))).toBe(
        'IM_GROUP_NOT_FOUND',
      );
      expect(await rawCall(outsider)('getGroupsProfile', { groupIDList: [id] })).toEqual([]);
    } else {
      expect(profile).toBe('NO_ERROR');
      expect(search).toBe('NO_ERROR');
      expect(many).toEqual([id]);
      const g = (await outsider.tim.searchGroupByID(id)).data.group as GroupProfile;
      expect(g).toMatchObject({ groupID: id, name: `秘密${type}`, type });
    }
  });

  it.each(TYPES)('%s: the operator reads it over REST', async (type) => {
    const id = gid(type);
    const res = await restDetail(id, operator);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data[0]).toMatchObject({
      id,
      name: `秘密${type}`,
      owner: owner.userID,
      description: `简介${type}`,
    });
  });

  it.each(TYPES)('%s: a user over REST reads it as the socket does', async (type) => {
    const id = gid(type);
    const outsiderSig = sigs.get(outsider.userID) as string;
    const asMember = await restDetail(id, sigs.get(member.userID) as string);
    expect(asMember.statusCode).toBe(200);
    expect(asMember.json().data.data[0]).toMatchObject({ id, name: `秘密${type}` });
    const asOutsider = await restDetail(id, outsiderSig);
    if (HIDDEN.has(type)) {
      const absent = await restDetail('no-such-group', outsiderSig);
      expect(absent.statusCode).toBe(404);
      expect([asOutsider.statusCode, asOutsider.json()]).toEqual([404, absent.json()]);
      expect(asOutsider.json()).toMatchObject({ code: 404, error: 'IM_GROUP_NOT_FOUND' });
      expect(asOutsider.body).not.toContain(`秘密${type}`);
    } else {
      expect(asOutsider.statusCode).toBe(200);
      expect(asOutsider.json().data.data[0]).toMatchObject({ id, owner: owner.userID });
    }
  });

  it('a member who quits a Private group no longer sees it', async () => {
    const [o, m] = (await clientsOf(s, 2, 'Q')) as [Client, Client];
    const g = (
      await o.tim.createGroup({ type: 'Private', name: '离开', memberList: [{ userID: m.userID }] })
    ).data.group;
    const seen = (await m.tim.getGroupProfile({ groupID: g.groupID })).data.group as GroupProfile;
    expect(seen.name).toBe('离开');
    await m.tim.quitGroup(g.groupID);
    expect(await errorOf(m.tim.getGroupProfile({ groupID: g.groupID }))).toBe('IM_GROUP_NOT_FOUND');
    expect(await errorOf(m.tim.searchGroupByID(g.groupID))).toBe('IM_GROUP_NOT_FOUND');
  });
});
