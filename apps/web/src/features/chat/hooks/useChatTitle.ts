import { useEffect, useState } from 'react';
import { chat, useConversations } from '../../../core/chat/chat-boot.ts';

/** The peer's nick (C2C) or the group's name, from the conversation list or asked once. */
export function useChatTitle(conversationID: string): string {
  const fromList = useConversations((s) => {
    const c = s.list.find((x) => x.conversationID === conversationID);
    return c?.groupProfile?.name || c?.userProfile?.nick || '';
  });
  const [asked, setAsked] = useState('');
  useEffect(() => {
    if (fromList) return;
    let live = true;
    const id = conversationID.replace(/^(C2C|GROUP)/, '');
    void chat().then(async (tim) => {
      try {
        const name = conversationID.startsWith('C2C')
          ? (await tim.getUserProfile({ userIDList: [id] })).data[0]?.nick
          : ((await tim.getGroupProfile({ groupID: id })).data.group as { name?: string }).name;
        if (live) setAsked(name || id);
      } catch {
        if (live) setAsked(id);
      }
    });
    return () => {
      live = false;
    };
  }, [conversationID, fromList]);
  return fromList || asked || conversationID.replace(/^(C2C|GROUP)/, '');
}
