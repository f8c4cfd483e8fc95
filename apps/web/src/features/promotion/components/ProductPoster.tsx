import { SharePopup } from '../../goods/components/SharePopup.tsx';
import '../../goods/productDetail.css';

/**
 * The product page's own share sheet (server poster + short link), loaded only when asked for:
 * its styles live with the product page's.
 */
export default function ProductPoster({
  productId,
  onClose,
}: {
  productId: number;
  onClose: () => void;
}) {
  return <SharePopup productId={productId} visible onClose={onClose} />;
}
