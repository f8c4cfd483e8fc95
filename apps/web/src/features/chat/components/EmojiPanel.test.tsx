import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EmojiText } from '../../../ui/chat/EmojiText.tsx';
import { EmojiPanel } from './EmojiPanel.tsx';

describe('EmojiPanel', () => {
  it('shows 120 emoji in five pages of 24 and hands tokens to the input', () => {
    const onPick = vi.fn();
    const onDelete = vi.fn();
    render(<EmojiPanel onPick={onPick} onDelete={onDelete} />);
    expect(screen.getAllByRole('button', { name: '删除' })).toHaveLength(5);
    expect(document.querySelectorAll('.emoji-panel__grid')).toHaveLength(5);
    for (const grid of document.querySelectorAll('.emoji-panel__grid')) {
      expect(grid.querySelectorAll('img')).toHaveLength(24);
    }
    fireEvent.click(screen.getByRole('button', { name: '微笑' }));
    fireEvent.click(screen.getAllByRole('button', { name: '删除' })[0] as HTMLElement);
    expect(onPick).toHaveBeenCalledWith('[微笑]');
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});

describe('EmojiText', () => {
  it('draws known tokens as images and keeps the rest as text', () => {
    const { container } = render(<EmojiText text="好[微笑]呀[abc]" />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/emoji/ee_1.svg');
    expect(img?.getAttribute('alt')).toBe('[微笑]');
    expect(container.textContent).toBe('好呀[abc]');
  });
});
