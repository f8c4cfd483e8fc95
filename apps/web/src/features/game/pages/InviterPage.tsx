import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { copyText } from '../../../core/clipboard.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { idParam, inviteQuery } from '../api.ts';
import { LoadState } from '../components.tsx';
import '../game.css';

/** rootPages/game/inviter (?id=): my invite link; each friend who joins through it adds a guess. */
export default function InviterPage() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const navigate = useNavigate();
  const query = useQuery({ ...inviteQuery(id ?? 0), enabled: id !== null });
  if (!id) return <LoadState isError={false} refetch={() => undefined} gone />;
  const data = query.data;
  if (!data) {
    const gone = isApiError(query.error) && query.error.code === 404;
    return <LoadState isError={query.isError} refetch={query.refetch} gone={gone} />;
  }
  const link = `${window.location.origin}${window.location.pathname}#${PATHS.game}?id=${id}&inviter=${data.inviterId}`;
  return (
    <div className="gm-page" data-testid="game-inviter">
      <div className="gm-banner">
        <h2>邀请好友 多猜几次</h2>
        <p>每位好友通过您的链接报名，您多得1次竞猜机会，最多{data.inviteMax}次</p>
      </div>
      <section className="gm-section">
        <div className="gm-row">
          <span>已邀请报名</span>
          <span>{data.invited} 人</span>
        </div>
        <div className="gm-row">
          <span>已获得额外次数</span>
          <span data-testid="game-bonus">
            {data.bonusGuesses} / {data.inviteMax}
          </span>
        </div>
        {!data.joined && <p className="gm-tip">您还未报名本轮，报名后邀请才会计入。</p>}
      </section>
      <section className="gm-section">
        <h3>我的邀请链接</h3>
        <div className="gm-link">{link}</div>
        <Button
          block
          color="primary"
          shape="rounded"
          style={{ marginTop: 12 }}
          onClick={() =>
            void copyText(link).then((ok) =>
              ok ? showSuccess('链接已复制，快去分享给好友吧') : showToast('复制失败，请手动复制'),
            )
          }
        >
          复制链接
        </Button>
        <Button block fill="none" onClick={() => navigate(`${PATHS.game}?id=${id}`)}>
          返回竞猜
        </Button>
      </section>
    </div>
  );
}
