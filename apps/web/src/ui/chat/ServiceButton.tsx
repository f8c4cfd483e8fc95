import { MessageOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { isApiError } from '../../core/api/client.ts';
import type { ChatCard } from '../../core/chat/message-view.ts';
import { serviceChatPath } from '../../core/chat/service.ts';
import { PATHS } from '../pageConfig.ts';
import { showToast } from '../toast.ts';
import { fetchShopChat } from './shopChat.ts';
import './chat.css';

/** 客服: opens the store's chat, with a product or order card ready to send when one is given. */
export function ServiceButton({
  storeId,
  card,
  className,
  beforeOpen,
}: {
  storeId: number;
  card?: ChatCard;
  className?: string;
  /** e.g. the login check; false stops. */
  beforeOpen?: () => boolean;
}) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={className}
      data-testid="service-button"
      onClick={async () => {
        if (!(beforeOpen?.() ?? true)) return;
        try {
          // The shop's chat account exists once the server was asked for it.
          await fetchShopChat(storeId);
          navigate(serviceChatPath(PATHS.chatRoom, storeId, card));
        } catch (err) {
          showToast(isApiError(err) ? err.msg : '客服暂时无法连接，请稍后再试');
        }
      }}
    >
      <MessageOutline />
      <span>客服</span>
    </button>
  );
}
