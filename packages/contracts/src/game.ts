// The prize-guessing game (竞猜): an operator's round puts a product up with a close time;
// players pay an entry fee in points and submit sealed price guesses (fen); at close the guess
// nearest the real price wins the product (a ¥0 order), the others get the round's consolation.
// Every guess is published with the settlement so anyone can check the winner.
import { type Static, Type } from 'typebox';
import { MAX_ID } from './constants.ts';
import { PagedQuery } from './envelope.ts';
import { CLIENT_KEY_PATTERN, ORDER_NOTE_MAX } from './order/index.ts';

/** Operator defaults (env GAME_*). */
export const GAME_DEFAULTS = {
  /** The largest guess accepted, in fen (¥100,000). */
  MAX_GUESS: 10_000_000,
  /** Extra guesses a player may earn by friends joining through the invite link. */
  INVITE_MAX: 3,
  /** Whether a round's real price is shown before it is settled (the game hides it). */
  SHOW_PRICE: false,
  /** How often each node settles the rounds past their close time (ms). */
  SWEEP_MS: 5_000,
} as const;

/** A guess can never be above this whatever the operator sets (fen, ¥10,000,000). */
export const GAME_GUESS_CEILING = 1_000_000_000;

const Id = (errorId: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, errorId });
const ClientKey = Type.String({ pattern: CLIENT_KEY_PATTERN, errorId: 'CLIENT_KEY_INVALID' });

export type GameConsolationKind = 'points' | 'coupon' | 'none';
const ConsolationKind = Type.Union([
  Type.Literal('points'),
  Type.Literal('coupon'),
  Type.Literal('none'),
]);

/**
 * open: guesses taken; closed: past its close time, waiting for the settlement job;
 * settled: the winner and every guess are public.
 */
export type GameRoundStatus = 'open' | 'closed' | 'settled';
export const GAME_STATUS_TEXT: Record<GameRoundStatus, string> = {
  open: '竞猜中',
  closed: '开奖中',
  settled: '已开奖',
};

/** admin: a new round. `realPrice` defaults to the SKU's price. */
export const GameRoundBody = Type.Object({
  skuId: Id('SKU_NOT_FOUND'),
  entryPoints: Type.Integer({ minimum: 0, maximum: 1_000_000, errorId: 'GAME_ROUND_INVALID' }),
  /** A cash entry fee (fen) paid from the wallet with the pay password; absent: none. */
  entryCash: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 10_000_000, errorId: 'GAME_ROUND_INVALID' }),
  ),
  guessesPerEntry: Type.Integer({ minimum: 1, maximum: 100, errorId: 'GAME_ROUND_INVALID' }),
  /** ISO date-time, in the future. */
  closeAt: Type.String({ minLength: 10, maxLength: 40, errorId: 'GAME_ROUND_INVALID' }),
  consolation: ConsolationKind,
  couponTemplateId: Type.Optional(
    Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: MAX_ID })]),
  ),
  realPrice: Type.Optional(
    Type.Integer({ minimum: 1, maximum: GAME_GUESS_CEILING, errorId: 'GAME_ROUND_INVALID' }),
  ),
});
export type GameRoundBody = Static<typeof GameRoundBody>;

export const GameIdBody = Type.Object({ id: Id('GAME_ROUND_NOT_FOUND') });
export type GameIdBody = Static<typeof GameIdBody>;
export const GameRoundQuery = Type.Object({ id: Id('GAME_ROUND_NOT_FOUND') });
export type GameRoundQuery = Static<typeof GameRoundQuery>;
export const GameRoundsQuery = PagedQuery({});
export type GameRoundsQuery = Static<typeof GameRoundsQuery>;

export const GameRoundView = Type.Object({
  id: Type.Integer(),
  /** The prize's product, SKU and SKU name: null while the price is hidden (they would reveal it). */
  productId: Type.Union([Type.Null(), Type.Integer()]),
  skuId: Type.Union([Type.Null(), Type.Integer()]),
  title: Type.String(),
  skuName: Type.Union([Type.Null(), Type.String()]),
  image: Type.String(),
  entryPoints: Type.Integer(),
  /** The cash entry fee (fen), paid from the wallet with the pay password. */
  entryCash: Type.Integer(),
  guessesPerEntry: Type.Integer(),
  closeAt: Type.String(),
  status: Type.Union([Type.Literal('open'), Type.Literal('closed'), Type.Literal('settled')]),
  statusText: Type.String(),
  /** The price to guess: null while hidden (operator setting) and not yet settled. */
  realPrice: Type.Union([Type.Null(), Type.Integer()]),
  /** Players who joined (never their guesses before close). */
  players: Type.Integer(),
  consolation: ConsolationKind,
  /** 未中奖返还全部积分 / 未中奖赠送「…」优惠券 / 无. */
  consolationText: Type.String(),
  inviteMax: Type.Integer(),
  maxGuess: Type.Integer(),
  settledAt: Type.Union([Type.Null(), Type.String()]),
});
export type GameRoundView = Static<typeof GameRoundView>;

export const GameGuessRow = Type.Object({
  id: Type.Integer(),
  price: Type.Integer(),
  createdAt: Type.String(),
});
export type GameGuessRow = Static<typeof GameGuessRow>;

/** The signed-in player's side of a round: only their own guesses, ever. */
export const GameMine = Type.Object({
  joined: Type.Boolean(),
  /** Guesses allowed: per entry plus the ones friends earned. */
  allowance: Type.Integer(),
  used: Type.Integer(),
  bonusGuesses: Type.Integer(),
  guesses: Type.Array(GameGuessRow),
  isWinner: Type.Boolean(),
  /** The prize order once placed. */
  prizeOrderNo: Type.Union([Type.Null(), Type.String()]),
  /** What the settlement gave me (安慰奖), once settled. */
  consolationText: Type.Union([Type.Null(), Type.String()]),
});
export type GameMine = Static<typeof GameMine>;

export const GameRoundData = Type.Object({
  round: GameRoundView,
  /** Null for a visitor who is not signed in. */
  mine: Type.Union([Type.Null(), GameMine]),
  /** The server's clock, for the countdown. */
  serverTime: Type.String(),
});
export type GameRoundData = Static<typeof GameRoundData>;

export const GameRoundsPage = Type.Object({
  list: Type.Array(GameRoundView),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
});
export type GameRoundsPage = Static<typeof GameRoundsPage>;

/** order/pay: join a round, paying its entry fee in points. */
export const GameJoinBody = Type.Object({
  roundId: Id('GAME_ROUND_NOT_FOUND'),
  clientKey: ClientKey,
  /** The friend whose invite link brought me (they earn an extra guess). */
  inviterId: Type.Optional(Id('GAME_INVITER_INVALID')),
  /** Required when the round has a cash fee: it is paid from the wallet. */
  payPassword: Type.Optional(Type.String({ pattern: '^\\d{6}$', errorId: 'PAY_PASSWORD_FORMAT' })),
});
export type GameJoinBody = Static<typeof GameJoinBody>;

export const GameJoinData = Type.Object({
  /** False when this key joined before (the answer is that entry). */
  fresh: Type.Boolean(),
  paidPoints: Type.Integer(),
  /** Fen paid from the wallet (a cash round). */
  paidCash: Type.Optional(Type.Integer()),
  balance: Type.Integer(),
  mine: GameMine,
});
export type GameJoinData = Static<typeof GameJoinData>;

export const GameGuessBody = Type.Object({
  roundId: Id('GAME_ROUND_NOT_FOUND'),
  price: Type.Integer({ minimum: 1, maximum: GAME_GUESS_CEILING, errorId: 'GAME_GUESS_INVALID' }),
});
export type GameGuessBody = Static<typeof GameGuessBody>;

/** inviter: my link and what it earned. */
export const GameInviteData = Type.Object({
  roundId: Type.Integer(),
  inviterId: Type.Integer(),
  joined: Type.Boolean(),
  bonusGuesses: Type.Integer(),
  inviteMax: Type.Integer(),
  /** Friends who joined through my link (more than the bonus once at the max). */
  invited: Type.Integer(),
});
export type GameInviteData = Static<typeof GameInviteData>;

/** results: every guess, public after the settlement. */
export const GameResultRow = Type.Object({
  /** The guess's number: ids follow the order of submission. */
  id: Type.Integer(),
  /** The player's masked name (张**). */
  name: Type.String(),
  price: Type.Integer(),
  /** |guess − real price|. */
  diff: Type.Integer(),
  createdAt: Type.String(),
  winner: Type.Boolean(),
});
export type GameResultRow = Static<typeof GameResultRow>;

export const GameResultsData = Type.Object({
  round: GameRoundView,
  realPrice: Type.Integer(),
  winner: Type.Union([Type.Null(), GameResultRow]),
  guesses: Type.Array(GameResultRow),
});
export type GameResultsData = Static<typeof GameResultsData>;

/** info: the winner confirms the prize order with an address. */
export const GamePrizeBody = Type.Object({
  roundId: Id('GAME_ROUND_NOT_FOUND'),
  addressId: Id('ADDRESS_REQUIRED'),
  clientKey: ClientKey,
  note: Type.Optional(Type.String({ maxLength: ORDER_NOTE_MAX, errorId: 'ORDER_NOTE_TOO_LONG' })),
});
export type GamePrizeBody = Static<typeof GamePrizeBody>;

export const GameSweepData = Type.Object({ settled: Type.Integer() });
export type GameSweepData = Static<typeof GameSweepData>;
export const GameCreatedData = Type.Object({ id: Type.Integer() });
export type GameCreatedData = Static<typeof GameCreatedData>;
