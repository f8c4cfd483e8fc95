import { Button } from 'antd-mobile';
import { ShopbagOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../app/pageConfig.ts';
import '../cart.css';

/** The cart API does not exist yet: every logged-in user has an empty cart. */
export default function CartPage() {
  const navigate = useNavigate();
  return (
    <div className="cart-empty">
      <div className="cart-empty__icon" aria-hidden>
        <ShopbagOutline />
      </div>
      <p className="cart-empty__text">购物车还是空的</p>
      <p className="cart-empty__sub">快去挑选心仪的好物吧</p>
      <Button
        color="primary"
        fill="outline"
        shape="rounded"
        onClick={() => navigate(PATHS.home, { replace: true })}
      >
        去逛逛
      </Button>
    </div>
  );
}
