import type { ImCommand, ImPayload } from '@chaopin/contracts';
import type { CommandHandler, CommandTable, ImCaller } from '../gateway.ts';
import type { GroupService } from './group.service.ts';

function cmd<C extends ImCommand>(
  _name: C,
  h: (c: ImCaller, p: ImPayload<C>) => Promise<unknown>,
): CommandHandler {
  return h as CommandHandler;
}

/** Socket commands of groups and chat rooms. */
export function groupCommands(groups: GroupService): CommandTable {
  return {
    createGroup: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('createGroup', (c, p) => groups.create(c, p)),
    },
    getGroupList: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('getGroupList', (c) => groups.list(c.userID)),
    },
    getGroupProfile: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('getGroupProfile', (c, p) => groups.profileFor(p.groupID, c.userID)),
    },
    getGroupsProfile: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('getGroupsProfile', (c, p) => groups.groupsProfile(c.userID, p.groupIDList)),
    },
    updateGroupProfile: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('updateGroupProfile', (c, p) => groups.updateProfile(c, p)),
    },
    joinGroup: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('joinGroup', (c, p) => groups.join(c, p.groupID, p.applyMessage)),
    },
    quitGroup: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('quitGroup', (c, p) => groups.quit(c, p.groupID)),
    },
    leaveChatRoom: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('leaveChatRoom', (c, p) => groups.quit(c, p.groupID)),
    },
    dismissGroup: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('dismissGroup', (c, p) => groups.dismiss(c, p.groupID)),
    },
    changeGroupOwner: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('changeGroupOwner', (c, p) => groups.changeOwner(c, p.groupID, p.newOwnerID)),
    },
    setGroupMemberRole: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('setGroupMemberRole', (c, p) => groups.setRole(c, p.groupID, p.userID, p.role)),
    },
    setGroupMemberMuteTime: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('setGroupMemberMuteTime', (c, p) =>
        groups.mute(c, p.groupID, p.userID, p.muteTime),
      ),
    },
    addGroupMember: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('addGroupMember', (c, p) => groups.addMembers(c, p.groupID, p.userIDList)),
    },
    deleteGroupMember: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('deleteGroupMember', (c, p) =>
        groups.deleteMembers(c, p.groupID, p.userIDList, p.reason),
      ),
    },
    getGroupMemberList: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('getGroupMemberList', (c, p) =>
        groups.memberList(c.userID, p.groupID, p.count, p.offset),
      ),
    },
    getGroupMemberProfile: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('getGroupMemberProfile', (c, p) =>
        groups.memberProfile(c.userID, p.groupID, p.userIDList),
      ),
    },
    setGroupMemberNameCard: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('setGroupMemberNameCard', (c, p) =>
        groups.setNameCard(c, p.groupID, p.nameCard, p.userID),
      ),
    },
    setGroupMemberCustomField: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('setGroupMemberCustomField', (c, p) =>
        groups.setCustomField(c, p.groupID, p.memberCustomField, p.userID),
      ),
    },
    getGroupApplicationList: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('getGroupApplicationList', (c, p) => groups.pendencies(c.userID, p.startTime)),
    },
    handleGroupApplication: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('handleGroupApplication', (c, p) =>
        groups.handleApplication(c, p.groupID, p.applicant, p.handleAction, p.handleMessage),
      ),
    },
    searchGroupByID: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('searchGroupByID', (c, p) => groups.search(p.groupID, c.userID)),
    },
    getChatRoomList: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('getChatRoomList', (_c, p) => groups.chatRooms(p.pageNum, p.pageSize)),
    },
  };
}
