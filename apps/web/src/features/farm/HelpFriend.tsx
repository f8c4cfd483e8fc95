import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { showSuccess, showToast } from '../../ui/toast.ts';
import { farmApi, farmKeys } from './api.ts';
import { errorText } from './errorText.ts';

/** A friend's share link: help them water once a day. */
export function HelpFriend({ friendId, onDone }: { friendId: number; onDone: () => void }) {
  const queryClient = useQueryClient();
  const friend = useQuery({
    queryKey: farmKeys.friend(friendId),
    queryFn: () => farmApi.friend(friendId),
    retry: false,
  });
  const help = useMutation({
    mutationFn: () => farmApi.help(friendId),
    onSuccess: (r) => {
      showSuccess(`已帮${r.friendName}浇水 ${r.amount} 滴`);
      void queryClient.invalidateQueries({ queryKey: farmKeys.friend(friendId) });
    },
    onError: (error) => showToast(errorText(error)),
  });
  if (friend.isError) return null;
  const f = friend.data;
  return (
    <section className="farm-card farm-help" data-testid="farm-help">
      <div>
        <b>{f?.friendName ?? '好友'}</b> 邀请你帮TA的果树浇水
        {f?.fruitName ? `（${f.fruitName} · ${f.stageName ?? ''} ${f.percent}%）` : ''}
      </div>
      <div className="farm-help__actions">
        <Button
          size="small"
          shape="rounded"
          color="primary"
          disabled={!f || f.helpedToday || help.isSuccess}
          loading={help.isPending}
          onClick={() => help.mutate()}
        >
          {f?.helpedToday || help.isSuccess ? '今天已助力' : '帮TA浇水'}
        </Button>
        <Button size="small" shape="rounded" fill="none" onClick={onDone}>
          去我的果园
        </Button>
      </div>
    </section>
  );
}
