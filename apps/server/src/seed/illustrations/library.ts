import { APPAREL } from './apparel.ts';
import { BABY } from './baby.ts';
import { BEAUTY } from './beauty.ts';
import type { Ink } from './colour.ts';
import { DIGITAL } from './digital.ts';
import { FOOD } from './food.ts';
import { HOME } from './home.ts';
import { SPORT } from './sport.ts';

/**
 * The illustration library: one flat vector drawing per kind of product. Each drawing is SVG
 * markup for a 200×200 box with the object standing on y≈184, painted with the given ink.
 */
export const DRAWINGS = {
  ...APPAREL,
  ...BEAUTY,
  ...FOOD,
  ...DIGITAL,
  ...HOME,
  ...BABY,
  ...SPORT,
} satisfies Record<string, (k: Ink) => string>;

export type DrawingId = keyof typeof DRAWINGS;

export const DRAWING_IDS = Object.keys(DRAWINGS) as DrawingId[];

/** The point a close-up zooms in on, where it is not the middle of the box. */
const FOCUS: Partial<Record<DrawingId, readonly [number, number]>> = {
  dress: [100, 70],
  'slip-dress': [100, 50],
  'women-tee': [100, 70],
  tee: [110, 60],
  polo: [100, 48],
  shirt: [100, 50],
  blouse: [100, 50],
  skirt: [100, 60],
  coat: [100, 90],
  blazer: [100, 60],
  jacket: [100, 60],
  trousers: [100, 50],
  hoodie: [100, 50],
  puffer: [100, 70],
  serum: [100, 60],
  lipstick: [100, 60],
  eyeshadow: [100, 110],
  phone: [58, 62],
  'hair-dryer': [146, 85],
  'air-fryer': [100, 60],
  'rice-cooker': [100, 136],
  smartwatch: [100, 100],
  sneaker: [110, 96],
  pan: [86, 120],
  teddy: [100, 72],
  'toy-car': [100, 120],
  tent: [100, 120],
  'massage-gun': [30, 72],
  mop: [96, 168],
  'knife-block': [92, 58],
  'yoga-mat': [60, 119],
  tissue: [100, 78],
  dumbbell: [44, 100],
  'jump-rope': [52, 48],
  headphones: [50, 139],
  speaker: [100, 64],
  'robot-vacuum': [100, 114],
  coffee: [100, 84],
  eggs: [100, 116],
  'oil-bottle': [100, 128],
  'soy-sauce': [100, 128],
  'rice-bag': [100, 114],
  bread: [100, 88],
  orange: [148, 156],
  apple: [112, 52],
};

export function drawArt(id: DrawingId, ink: Ink): string {
  return DRAWINGS[id](ink);
}

export function focusOf(id: DrawingId): readonly [number, number] {
  return FOCUS[id] ?? [100, 100];
}
