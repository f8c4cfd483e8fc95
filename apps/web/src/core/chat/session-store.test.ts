import { beforeEach, describe, expect, it } from 'vitest';
import { createChatSessionStore, type SessionMessage } from './session-store.ts';

const msg = (ID: string, conversationID = 'C2C42'): SessionMessage => ({ ID, conversationID });
let store: ReturnType<typeof createChatSessionStore>;
beforeEach(() => {
  store = createChatSessionStore();
});

describe('chat session store (SPEC §4)', () => {
  it('sets, toggles and resets the login and SDK-ready flags', () => {
    const s = () => store.getState();
    s().setLogin(true);
    s().toggleSDKReady();
    expect([s().isLogin, s().isSDKReady]).toEqual([true, true]);
    s().toggleLogin();
    expect(s().isLogin).toBe(false);
    s().setLogin(true);
    s().reset();
    expect([s().isLogin, s().isSDKReady]).toEqual([false, false]);
  });

  it('choosing a contact opens its C2C conversation and clears the message list', () => {
    const s = () => store.getState();
    s().chooseContact('42');
    s().pushMessages(msg('a'));
    expect(s().currentMessageList).toHaveLength(1);
    s().chooseContact('7');
    expect(s().currentConversation).toMatchObject({
      conversationID: 'C2C7',
      type: 'C2C',
      userProfile: { userID: '7' },
    });
    expect(s().toUserId).toBe('7');
    expect(s().currentMessageList).toEqual([]);
  });

  it('appends only messages of the active conversation, single or array, once each', () => {
    const s = () => store.getState();
    s().pushMessages(msg('x')); // no active conversation: ignored
    expect(s().currentMessageList).toEqual([]);
    s().chooseContact('42');
    s().pushMessages(msg('a'));
    s().pushMessages([msg('b'), msg('c', 'C2C9'), msg('d', 'GROUP1'), msg('e')]);
    s().pushMessages([msg('a'), msg('e')]); // already shown
    expect(s().currentMessageList.map((m) => m.ID)).toEqual(['a', 'b', 'e']);
  });

  it('prepends older messages in order without duplicates', () => {
    const s = () => store.getState();
    s().chooseContact('42');
    s().pushMessages([msg('c'), msg('d')]);
    s().prependMessages([msg('a'), msg('b'), msg('c'), msg('z', 'C2C1')]);
    expect(s().currentMessageList.map((m) => m.ID)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('replaces a changed message in place', () => {
    const s = () => store.getState();
    s().chooseContact('42');
    s().pushMessages([msg('a'), msg('b')]);
    s().updateMessage({ ...msg('a'), isRevoked: true } as SessionMessage);
    expect(s().currentMessageList[0]).toMatchObject({ ID: 'a', isRevoked: true });
    s().updateMessage(msg('nope'));
    expect(s().currentMessageList).toHaveLength(2);
  });

  it('a sent draft takes its server ID in place; a refused one is removed', () => {
    const s = () => store.getState();
    s().chooseContact('42');
    s().pushMessages([msg('a'), msg('draft'), msg('b')]);
    s().replaceMessage('draft', msg('server-1'));
    expect(s().currentMessageList.map((m) => m.ID)).toEqual(['a', 'server-1', 'b']);
    // The live echo already arrived under the server ID: the draft's place wins, no duplicate.
    s().pushMessages(msg('draft2'));
    s().pushMessages(msg('server-2'));
    s().replaceMessage('draft2', msg('server-2'));
    expect(s().currentMessageList.map((m) => m.ID)).toEqual(['a', 'server-1', 'b', 'server-2']);
    s().replaceMessage('missing', msg('x'));
    s().removeMessage('b');
    expect(s().currentMessageList.map((m) => m.ID)).toEqual(['a', 'server-1', 'server-2']);
  });
});
