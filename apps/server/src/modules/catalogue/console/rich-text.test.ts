import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from './rich-text.ts';

describe('product description sanitiser', () => {
  it('keeps what an editor makes: headings, emphasis, lists, pictures, alignment', () => {
    const html =
      '<h2>面料</h2><p style="text-align:center"><strong>纯棉</strong> <em>透气</em></p>' +
      '<ul><li>一</li></ul><p><img src="/uploads/image/a.png" alt="图"></p>';
    expect(sanitizeDescription(html)).toBe(
      '<h2>面料</h2><p style="text-align:center"><strong>纯棉</strong> <em>透气</em></p>' +
        '<ul><li>一</li></ul><p><img src="/uploads/image/a.png" alt="图" /></p>',
    );
  });

  it.each([
    ['<script>alert(1)</script>好', '好'],
    ['<p onclick="steal()">点</p>', '<p>点</p>'],
    ['<a href="javascript:alert(1)">链</a>', '<a rel="noopener noreferrer" target="_blank">链</a>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img />'],
    ['<iframe src="https://evil.example"></iframe>框', '框'],
    ['<p style="position:fixed;top:0">盖</p>', '<p>盖</p>'],
    ['<svg><script>alert(1)</script></svg>图', '图'],
    ['<style>body{display:none}</style>样', '样'],
    ['<img src="//evil.example/x.png">', '<img />'],
  ])('makes %s harmless', (input, output) => {
    expect(sanitizeDescription(input)).toBe(output);
  });
});
