import { SharePopup } from '../../../ui/share/SharePopup.tsx';

/** The product page's own share sheet (server poster + short link), loaded only when asked for. */
export default function ProductPoster({
  productId,
  onClose,
}: {
  productId: number;
  onClose: () => void;
}) {
  return <SharePopup productId={productId} visible onClose={onClose} />;
}
