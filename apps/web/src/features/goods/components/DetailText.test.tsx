import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DetailText } from './DetailText.tsx';

describe('the 商品详情 text', () => {
  it('shows the console’s (server-sanitised) rich HTML as HTML', () => {
    render(<DetailText text={'<h2>面料</h2><p style="text-align:center">纯棉</p>'} />);
    expect(screen.getByRole('heading', { name: '面料' })).toBeTruthy();
    expect(screen.getByTestId('product-detail-rich').querySelector('p')?.textContent).toBe('纯棉');
  });

  it('shows an older plain description as text, markup-like characters included', () => {
    render(<DetailText text="尺码偏大 1<2" />);
    expect(screen.getByText('尺码偏大 1<2')).toBeTruthy();
    expect(screen.queryByTestId('product-detail-rich')).toBeNull();
  });
});
