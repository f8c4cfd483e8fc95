/**
 * A product's 商品详情 text. The console writes rich HTML, which the server sanitised when it was
 * saved (sanitize-html: no scripts, handlers, frames or script URLs), so it is shown as HTML;
 * older plain-text descriptions are shown as text.
 */
export function DetailText({ text }: { text: string }) {
  if (!text.trimStart().startsWith('<')) return <p className="pd-detail__text">{text}</p>;
  return (
    <div
      className="pd-detail__rich"
      data-testid="product-detail-rich"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server on save
      dangerouslySetInnerHTML={{ __html: text }}
    />
  );
}
