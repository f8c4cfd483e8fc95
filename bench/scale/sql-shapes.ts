// SQL expressions the seed steps share: deterministic pseudo-random numbers from a row's id (the
// same data on every run, PostgreSQL or PGlite) and the skewed picks that give the data its
// shape: a few hot products take most sales, a few heavy users most orders and messages.
import { type RawBuilder, sql } from 'kysely';

/** A number in [0, 1) from an integer expression and a salt: Knuth's multiplicative hash. */
export const rnd = (expr: string, salt: number) =>
  `(((((${expr})::bigint + ${salt}) * 2654435761) % 4294967296)::double precision / 4294967296)`;

/**
 * An id in 1..n, skewed toward the low ids by `power`: power 3 puts ~46 % of the picks on the
 * first 10 % (hot products, heavy users); power 1 is uniform.
 */
export const skewed = (expr: string, salt: number, n: number, power: number) =>
  `(1 + floor(${n}::int * power(${rnd(expr, salt)}, ${power}))::int)`;

export const raw = (s: string): RawBuilder<unknown> => sql.raw(s);

/** Chinese title words: an adjective and a noun give a product its name (the search keywords). */
export const ADJECTIVES = [
  '纯棉',
  '加绒',
  '复古',
  '韩版',
  '宽松',
  '修身',
  '真丝',
  '羊毛',
  '轻薄',
  '防晒',
  '冰丝',
  '高腰',
  '潮牌',
  '国风',
  '简约',
  '百搭',
  '法式',
  '户外',
  '学生',
  '情侣',
];
export const NOUNS = [
  'T恤',
  '卫衣',
  '连衣裙',
  '牛仔裤',
  '外套',
  '衬衫',
  '运动鞋',
  '帆布鞋',
  '双肩包',
  '手表',
  '口红',
  '面霜',
  '蓝牙耳机',
  '保温杯',
  '羽绒服',
  '毛衣',
  '围巾',
  '棒球帽',
  '袜子',
  '睡衣',
];
export const textArray = (words: string[]) => `array[${words.map((w) => `'${w}'`).join(',')}]`;

/** `${a} ${b}` as one of the words of a list, picked by an integer expression. */
export const pick = (words: string[], expr: string) =>
  `(${textArray(words)})[((${expr}) % ${words.length}) + 1]`;
