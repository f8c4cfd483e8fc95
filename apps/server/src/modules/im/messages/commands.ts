import type { ImCommand, ImPayload } from '@chaopin/contracts';
import type { CommandHandler, CommandTable, ImCaller } from '../gateway.ts';
import type { SocialService } from '../social/social.service.ts';
import type { MessageService } from './message.service.ts';

function cmd<C extends ImCommand>(
  _name: C,
  h: (c: ImCaller, p: ImPayload<C>) => Promise<unknown>,
): CommandHandler {
  return h as CommandHandler;
}

/** Socket commands of messages, conversations, profiles, friends and blacklists. */
export function messageCommands(messages: MessageService, social: SocialService): CommandTable {
  return {
    sync: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('sync', (c, p) => messages.sync(c.userID, p.known, p.since)),
    },
    sendMessage: {
      invalid: 'IM_MESSAGE_INVALID',
      handler: cmd('sendMessage', (c, p) => messages.send(c, p)),
    },
    revokeMessage: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('revokeMessage', (c, p) => messages.revoke(c, p.conversationID, p.sequence)),
    },
    getMessageList: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('getMessageList', (c, p) =>
        messages.history(c.userID, p.conversationID, p.count, p.nextReqMessageID),
      ),
    },
    getMessageListHopping: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('getMessageListHopping', (c, p) => messages.hopping(c.userID, p)),
    },
    setMessageRead: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('setMessageRead', (c, p) => messages.setRead(c, p.conversationID)),
    },
    getConversationList: {
      invalid: 'IM_CONVERSATION_PAGE_INVALID',
      handler: cmd('getConversationList', (c, p) =>
        messages.conversationPage(c.userID, p.timeStamp, p.count),
      ),
    },
    getConversationProfile: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('getConversationProfile', (c, p) =>
        messages.conversation(c.userID, p.conversationID),
      ),
    },
    deleteConversation: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('deleteConversation', (c, p) =>
        messages.deleteConversation(c, p.conversationID),
      ),
    },
    deleteGroupAtTips: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('deleteGroupAtTips', (c, p) =>
        messages.deleteGroupAtTips(c, p.conversationID, p.upToSequence),
      ),
    },
    getPeerReadTime: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('getPeerReadTime', (c, p) => messages.peerReadTimes(c.userID, p.userIDList)),
    },
    getMyProfile: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('getMyProfile', (c) => social.getMyProfile(c.userID)),
    },
    getUserProfile: {
      invalid: 'IM_PROFILE_QUERY_EMPTY',
      handler: cmd('getUserProfile', (_c, p) => social.getUserProfile(p.userIDList)),
    },
    updateMyProfile: {
      invalid: 'IM_PROFILE_INVALID',
      handler: cmd('updateMyProfile', (c, p) => social.updateMyProfile(c.userID, p)),
    },
    getFriendList: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('getFriendList', (c) => social.friendList(c.userID)),
    },
    addFriend: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('addFriend', (c, p) => social.addFriend(c.userID, p.to, p.wording)),
    },
    getFriendApplicationList: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('getFriendApplicationList', (c) => social.friendRequests(c.userID)),
    },
    acceptFriendApplication: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('acceptFriendApplication', (c, p) =>
        social.answerRequest(c.userID, p.userID, true),
      ),
    },
    refuseFriendApplication: {
      invalid: 'IM_BAD_FRAME',
      handler: cmd('refuseFriendApplication', (c, p) =>
        social.answerRequest(c.userID, p.userID, false),
      ),
    },
    deleteFriend: {
      invalid: 'IM_FRIEND_DELETE_INVALID',
      handler: cmd('deleteFriend', (c, p) => social.deleteFriend(c.userID, p.userIDList)),
    },
    addToBlacklist: {
      invalid: 'IM_BLACKLIST_INVALID',
      handler: cmd('addToBlacklist', (c, p) => social.addToBlacklist(c.userID, p.userIDList)),
    },
    removeFromBlacklist: {
      invalid: 'IM_BLACKLIST_INVALID',
      handler: cmd('removeFromBlacklist', (c, p) =>
        social.removeFromBlacklist(c.userID, p.userIDList),
      ),
    },
    getBlacklist: {
      invalid: 'IM_BLACKLIST_INVALID',
      handler: cmd('getBlacklist', (c, p) => social.getBlacklist(c.userID, p.startIndex)),
    },
  };
}
