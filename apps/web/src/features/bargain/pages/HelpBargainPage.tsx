import type { BargainEditionId, BargainHelpData } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatPrice } from '../../../core/format.ts';
import { Captcha } from '../../../ui/captcha/Captcha.tsx';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { Price } from '../../../ui/Price.tsx';
import { showToast } from '../../../ui/toast.ts';
import { bargainApi, detailQuery, helpAction, refreshBargain } from '../api.ts';
import { BargainCountdown } from '../components/BargainCountdown.tsx';
import { BargainProgress } from '../components/BargainProgress.tsx';
import { EditionShell } from '../components/EditionShell.tsx';
import { HelperList } from '../components/HelperList.tsx';
import { idParam, MissingId, PageStates } from '../components/PageStates.tsx';
import { bargainPath } from '../edition.ts';
import { helpBlockText, rewardText } from '../logic.ts';

/**
 * helpBargain (?id= the bargain, the share link's page): a friend's bargain, the captcha and 帮TA
 * 砍一刀, the cut and reward in a popup, then the way to start one's own.
 */
export default function HelpBargainPage({ edition }: { edition: BargainEditionId }) {
  const [params] = useSearchParams();
  const id = idParam(params, 'id');
  if (!id) return <MissingId title="砍价不存在" />;
  return <Help key={id} id={id} edition={edition} />;
}

function Help({ id, edition }: { id: number; edition: BargainEditionId }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery(detailQuery(id));
  const [ticket, setTicket] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [result, setResult] = useState<BargainHelpData | null>(null);

  const help = useMutation({
    mutationFn: (pass: string) => bargainApi.help(id, pass),
    meta: { toast: false },
    onSuccess: (data) => {
      setResult(data);
      void refreshBargain(queryClient);
    },
    onError: (error) => {
      showToast(isApiError(error) ? error.msg : '砍价失败，请稍后重试');
      // A ticket is spent by one attempt: a new challenge for the next tap.
      setTicket(null);
      setRound((n) => n + 1);
      void query.refetch();
    },
  });

  const data = query.data;
  if (!data) return <PageStates query={query} goneTitle="砍价不存在" />;
  const { bargain, item, starter } = data;
  const ownPath = bargainPath(edition, 'homeZeroDetail', { id: item.id });
  const reward = rewardText(item.reward);

  const onHelp = () => {
    if (!ticket) return showToast('请先完成人机验证');
    if (!help.isPending) help.mutate(ticket);
  };

  return (
    <EditionShell edition={edition} themeColor={data.edition.themeColor}>
      <section className="bg-help card" data-testid="help-panel">
        <header className="bg-help__who">
          <Img className="bg-help__avatar" src={starter.avatar} fallback={DEFAULT_AVATAR} alt="" />
          <div>
            <strong>{starter.nickname}</strong>
            <p>我正在参加{data.edition.title}，帮我砍一刀吧！</p>
          </div>
        </header>
        <div className="bg-panel__goods">
          <Img className="bg-row__image" src={item.image} alt={item.title} />
          <div>
            <div className="text-clamp-2">{item.title}</div>
            <div className="bg-item__prices">
              砍到 <Price fen={bargain.targetPrice} /> 免费拿
              <s>{formatPrice(bargain.originalPrice)}</s>
            </div>
          </div>
        </div>
        <BargainProgress bargain={bargain} withAmounts />
        {bargain.status === 'running' && (
          <BargainCountdown
            at={bargain.expiresAt}
            offsetMs={data.offsetMs}
            label="剩余"
            suffix="结束"
            onReached={() => void query.refetch()}
          />
        )}
        {reward && data.canHelp && <p className="bg-detail__reward">帮砍可得{reward}</p>}

        {data.canHelp ? (
          <>
            <Captcha
              action={helpAction(id)}
              round={round}
              onTicket={setTicket}
              className="bg-captcha"
              testId="bargain-captcha"
            />
            <Button
              block
              shape="rounded"
              color="primary"
              disabled={!ticket}
              loading={help.isPending}
              onClick={onHelp}
              data-testid="help-cut"
            >
              帮TA砍一刀
            </Button>
          </>
        ) : (
          <>
            <p className="bg-help__block" data-testid="help-block">
              {data.helpBlock === 'helped' && data.myCut !== null
                ? `你已帮TA砍掉${formatPrice(data.myCut)}`
                : helpBlockText(data.helpBlock)}
            </p>
            {data.helpBlock === 'own' ? (
              <Button
                block
                shape="rounded"
                color="primary"
                onClick={() => navigate(bargainPath(edition, 'homeZeroBargain', { id }))}
              >
                查看我的砍价
              </Button>
            ) : (
              <Button block shape="rounded" color="primary" onClick={() => navigate(ownPath)}>
                我也要免费拿
              </Button>
            )}
          </>
        )}
      </section>

      <section className="bg-section card">
        <h3 className="bg-section__title">好友助力</h3>
        <HelperList helpers={data.helpers} />
      </section>

      <Popup
        visible={result !== null}
        onMaskClick={() => setResult(null)}
        bodyClassName={`bg-result bg--${edition}`}
      >
        {result && (
          <div className="bg-result__body" data-testid="help-result">
            <h3>砍价成功</h3>
            <p>
              你帮TA砍掉了 <em>{formatPrice(result.cut)}</em>
            </p>
            {result.newUserBonus && <p className="bg-result__note">新人助力，砍得更多</p>}
            {result.status === 'succeeded' ? (
              <p className="bg-result__note">TA已砍价成功，可以免费领取啦</p>
            ) : (
              <p className="bg-result__note">还差{formatPrice(result.remaining)}</p>
            )}
            {rewardText(result.reward) && (
              <p className="bg-result__reward" data-testid="help-reward">
                送你{rewardText(result.reward)}
              </p>
            )}
            <Button block shape="rounded" color="primary" onClick={() => navigate(ownPath)}>
              我也要免费拿
            </Button>
            <Button block shape="rounded" fill="none" onClick={() => setResult(null)}>
              知道了
            </Button>
          </div>
        )}
      </Popup>
    </EditionShell>
  );
}
