import type { GameRoundData } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Input } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatDateTime, formatPrice } from '../../../core/format.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showSuccess } from '../../../ui/toast.ts';
import {
  gameApi,
  idParam,
  refreshGame,
  resultsQuery,
  roundQuery,
  roundsQuery,
  yuanToFen,
} from '../api.ts';
import { Countdown, entryFeeText, LoadState, RoundCard } from '../components.tsx';
import '../game.css';

/**
 * rootPages/game/game: the rounds (no ?id=), or one round (?id=, &inviter= from a friend's
 * link): the product, its close countdown, my own guesses and the guess box, the join button,
 * and once settled every guess and the winner.
 */
export default function GamePage() {
  const [params] = useSearchParams();
  const id = idParam(params);
  return id ? <RoundPage key={id} id={id} inviter={idParam(params, 'inviter')} /> : <RoundList />;
}

function RoundList() {
  const query = useQuery(roundsQuery());
  if (!query.data) return <LoadState isError={query.isError} refetch={query.refetch} />;
  const list = query.data.list;
  return (
    <div className="gm-page" data-testid="game-list">
      <div className="gm-banner">
        <h2>猜价格 赢好礼</h2>
        <p>猜中最接近实际价格的玩家免费获得商品，开奖后公布全部竞猜</p>
      </div>
      {list.length === 0 ? (
        <ErrorBlock status="empty" title="暂无竞猜活动" description="敬请期待" />
      ) : (
        list.map((r) => (
          <Link
            key={r.id}
            to={`${PATHS.game}?id=${r.id}`}
            className="gm-card"
            data-testid="game-round"
          >
            <RoundCard round={r} />
          </Link>
        ))
      )}
    </div>
  );
}

function RoundPage({ id, inviter }: { id: number; inviter: number | null }) {
  const queryClient = useQueryClient();
  const query = useQuery(roundQuery(id));
  const refetch = query.refetch;
  const onReached = useCallback(() => void refetch(), [refetch]);
  const data = query.data;
  if (!data) {
    const gone = isApiError(query.error) && query.error.code === 404;
    return <LoadState isError={query.isError} refetch={query.refetch} gone={gone} />;
  }
  const { round } = data;
  const offset = new Date(data.serverTime).getTime() - Date.now();
  return (
    <div className="gm-page" data-testid="game-round-page">
      <section className="gm-card">
        <RoundCard round={round} />
        <div className="gm-row">
          <span>截止时间 {formatDateTime(round.closeAt)}</span>
          {round.status === 'open' && (
            <Countdown at={round.closeAt} offsetMs={offset} onReached={onReached} />
          )}
        </div>
        <div className="gm-row">
          <span>每次报名可猜 {round.guessesPerEntry} 次</span>
          <span>安慰奖：{round.consolationText}</span>
        </div>
      </section>
      <MySide data={data} inviter={inviter} onChanged={() => void refreshGame(queryClient)} />
      {round.status === 'settled' && <Results id={id} />}
      {round.status === 'closed' && (
        <section className="gm-section">
          <h3>开奖中</h3>
          <p className="gm-tip">本轮已截止，系统正在开奖，稍后刷新查看结果。</p>
        </section>
      )}
    </div>
  );
}

function MySide({
  data,
  inviter,
  onChanged,
}: {
  data: GameRoundData;
  inviter: number | null;
  onChanged: () => void;
}) {
  const navigate = useNavigate();
  const { round, mine } = data;
  const [text, setText] = useState('');
  const guess = useMutation({
    mutationFn: (price: number) => gameApi.guess(round.id, price),
    onSuccess: () => {
      setText('');
      showSuccess('竞猜已提交，开奖前对他人保密');
      onChanged();
    },
    onError: (error) => {
      if (isApiError(error) && error.errorId === 'GAME_CLOSED') onChanged();
    },
  });
  const joinPath = `${PATHS.gameOrder}?id=${round.id}${inviter ? `&inviter=${inviter}` : ''}`;

  if (!mine?.joined) {
    if (round.status !== 'open') return null;
    return (
      <section className="gm-section">
        <h3>参与竞猜</h3>
        <p className="gm-tip">
          报名需 {entryFeeText(round)}，可猜 {round.guessesPerEntry} 次；竞猜截止前所有价格保密。
        </p>
        <Button
          block
          color="primary"
          shape="rounded"
          style={{ marginTop: 12 }}
          onClick={() => navigate(joinPath)}
        >
          立即报名
        </Button>
      </section>
    );
  }

  const left = mine.allowance - mine.used;
  const onGuess = () => {
    const fen = yuanToFen(text);
    if (fen === null) return void guess.reset();
    if (!guess.isPending) guess.mutate(fen);
  };
  const invalid = text !== '' && yuanToFen(text) === null;
  return (
    <section className="gm-section" data-testid="game-mine">
      <h3>我的竞猜</h3>
      {mine.isWinner && (
        <div className="gm-row gm-row--win" data-testid="game-winner">
          <span>恭喜您猜中！</span>
          {mine.prizeOrderNo ? (
            <Link to={`${PATHS.orderInfo}?orderNo=${encodeURIComponent(mine.prizeOrderNo)}`}>
              查看奖品订单
            </Link>
          ) : (
            <Button
              size="small"
              color="primary"
              shape="rounded"
              onClick={() => navigate(`${PATHS.gameInfo}?id=${round.id}`)}
            >
              确认地址领奖
            </Button>
          )}
        </div>
      )}
      {mine.consolationText && !mine.isWinner && (
        <div className="gm-row">
          <span>安慰奖</span>
          <span>{mine.consolationText}</span>
        </div>
      )}
      {round.status === 'open' && (
        <>
          <div className="gm-row">
            <span>
              剩余 {left} / {mine.allowance} 次
            </span>
            <Link to={`${PATHS.gameInviter}?id=${round.id}`}>邀请好友加次数</Link>
          </div>
          {left > 0 && (
            <div className="gm-guess">
              <Input
                aria-label="竞猜价格"
                placeholder="输入您猜的价格（元）"
                inputMode="decimal"
                value={text}
                onChange={setText}
              />
              <Button
                color="primary"
                shape="rounded"
                loading={guess.isPending}
                disabled={text === '' || invalid}
                onClick={onGuess}
              >
                提交
              </Button>
            </div>
          )}
          {invalid && <p className="gm-tip">请输入大于0、最多两位小数的价格</p>}
        </>
      )}
      {mine.guesses.length === 0 ? (
        <p className="gm-tip">还没有提交竞猜</p>
      ) : (
        mine.guesses.map((g, n) => (
          <div className="gm-row" key={g.id} data-testid="game-my-guess">
            <span>
              第{n + 1}次 · {formatDateTime(g.createdAt)}
            </span>
            <span>{formatPrice(g.price)}</span>
          </div>
        ))
      )}
    </section>
  );
}

function Results({ id }: { id: number }) {
  const query = useQuery(resultsQuery(id));
  const data = query.data;
  if (!data) return query.isError ? null : <LoadState isError={false} refetch={query.refetch} />;
  return (
    <section className="gm-section" data-testid="game-results">
      <h3>开奖结果（实际价格 {formatPrice(data.realPrice)}）</h3>
      {data.winner ? (
        <div className="gm-row gm-row--win">
          <span>中奖者 {data.winner.name}</span>
          <span>
            猜 {formatPrice(data.winner.price)}（差 {formatPrice(data.winner.diff)}）
          </span>
        </div>
      ) : (
        <p className="gm-tip">本轮无人竞猜</p>
      )}
      <p className="gm-tip">全部竞猜（按提交顺序，差价相同时先提交者胜）：</p>
      {data.guesses.map((g) => (
        <div className={g.winner ? 'gm-row gm-row--win' : 'gm-row'} key={g.id}>
          <span>
            {g.name} · {formatDateTime(g.createdAt)}
          </span>
          <span>
            {formatPrice(g.price)} / 差{formatPrice(g.diff)}
          </span>
        </div>
      ))}
    </section>
  );
}
