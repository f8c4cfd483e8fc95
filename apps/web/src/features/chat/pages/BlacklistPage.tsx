import { Button, List } from 'antd-mobile';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { act, useSdkData } from '../hooks/useSdkData.ts';

/** 黑名单: people whose messages I refuse; removing one lets them write again. */
export default function BlacklistPage() {
  const { data, reload } = useSdkData(
    async (tim) => (await tim.getBlacklist()).data as Array<{ userID: string; timeStamp: number }>,
    [],
  );
  if (data && !data.length) return <EmptyState title="黑名单是空的" />;
  return (
    <List>
      {(data ?? []).map((b) => (
        <List.Item
          key={b.userID}
          data-testid="blacklist-item"
          extra={
            <Button
              size="mini"
              onClick={() =>
                void act(
                  (t) => t.removeFromBlacklist({ userIDList: [b.userID] }),
                  '已移出黑名单',
                  reload,
                )
              }
            >
              移出
            </Button>
          }
        >
          {b.userID}
        </List.Item>
      ))}
    </List>
  );
}
