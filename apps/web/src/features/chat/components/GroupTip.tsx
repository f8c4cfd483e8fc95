import { useEffect, useState } from 'react';
import { chat } from '../../../core/chat/chat-boot.ts';
import { groupTipText, tipUserIDs } from '../../../core/chat/message-view.ts';

/** A group tip line with nicknames (the SDK caches profiles for a day, so this is cheap). */
export function GroupTip({ payload }: { payload: Record<string, unknown> }) {
  const [nicks, setNicks] = useState<Record<string, string>>({});
  const ids = tipUserIDs(payload).join(',');
  useEffect(() => {
    if (!ids) return;
    let live = true;
    void chat()
      .then((tim) => tim.getUserProfile({ userIDList: ids.split(',') }))
      .then(
        (r) =>
          live && setNicks(Object.fromEntries(r.data.map((p) => [p.userID, p.nick || p.userID]))),
      )
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [ids]);
  return <div className="chat-tip">{groupTipText(payload, (id) => nicks[id] ?? id)}</div>;
}
