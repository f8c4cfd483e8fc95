/**
 * Pinyin initial of a name without a dictionary: the pinyin collation (ICU, in every modern
 * browser) orders Chinese characters by their reading, so the first character is bucketed
 * between the first characters of each initial. Latin letters are their own initial; the rest '#'.
 */
const collator = new Intl.Collator('zh-Hans-CN-u-co-pinyin', { sensitivity: 'base' });
const BOUNDS: Array<[string, string]> = [
  ['A', '阿'],
  ['B', '芭'],
  ['C', '擦'],
  ['D', '搭'],
  ['E', '蛾'],
  ['F', '发'],
  ['G', '噶'],
  ['H', '哈'],
  ['J', '击'],
  ['K', '喀'],
  ['L', '垃'],
  ['M', '妈'],
  ['N', '拿'],
  ['O', '哦'],
  ['P', '啪'],
  ['Q', '期'],
  ['R', '然'],
  ['S', '撒'],
  ['T', '塌'],
  ['W', '挖'],
  ['X', '昔'],
  ['Y', '压'],
  ['Z', '匝'],
];

export function pinyinInitial(name: string): string {
  const ch = [...name.trim()][0] ?? '';
  if (/^[a-z]$/i.test(ch)) return ch.toUpperCase();
  if (!/\p{Script=Han}/u.test(ch)) return '#';
  let found = '#';
  for (const [letter, first] of BOUNDS) {
    if (collator.compare(ch, first) >= 0) found = letter;
    else break;
  }
  return found;
}

/** Names grouped by initial, A–Z then '#', each group sorted by the pinyin collation. */
export function groupByInitial<T>(
  items: readonly T[],
  nameOf: (t: T) => string,
): Array<{ letter: string; items: T[] }> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const letter = pinyinInitial(nameOf(item));
    groups.set(letter, [...(groups.get(letter) ?? []), item]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))
    .map(([letter, list]) => ({
      letter,
      items: list.sort((x, y) => collator.compare(nameOf(x), nameOf(y))),
    }));
}
