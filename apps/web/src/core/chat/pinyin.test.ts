import { describe, expect, it } from 'vitest';
import { groupByInitial, pinyinInitial } from './pinyin.ts';

describe('pinyin initials', () => {
  it('buckets Chinese names by the reading of their first character', () => {
    expect(pinyinInitial('张三')).toBe('Z');
    expect(pinyinInitial('李四')).toBe('L');
    expect(pinyinInitial('王五')).toBe('W');
    expect(pinyinInitial('阿强')).toBe('A');
    expect(pinyinInitial('陈晨')).toBe('C');
    expect(pinyinInitial('赵六')).toBe('Z');
    expect(pinyinInitial('欧阳')).toBe('O');
    expect(pinyinInitial('小明')).toBe('X');
  });

  it('keeps Latin initials and puts the rest under #', () => {
    expect(pinyinInitial('bob')).toBe('B');
    expect(pinyinInitial('123')).toBe('#');
    expect(pinyinInitial('')).toBe('#');
  });

  it('groups A–Z then #', () => {
    const groups = groupByInitial(['张三', 'amy', '9号', '李四', '赵六'], (s) => s);
    expect(groups.map((g) => g.letter)).toEqual(['A', 'L', 'Z', '#']);
    expect(groups[2]?.items).toEqual(['张三', '赵六']);
  });
});
