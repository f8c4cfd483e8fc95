import { MessageOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../app/pageConfig.ts';
import type { ChatCard } from '../../../core/chat/message-view.ts';
import { serviceChatPath } from '../../../core/chat/service.ts';
import '../chat.css';

/** 客服: opens the store's chat with a product or order card ready to send. */
export function ServiceButton({
  storeId,
  card,
  className,
  beforeOpen,
}: {
  storeId: number;
  card: ChatCard;
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
      onClick={() =>
        (beforeOpen?.() ?? true) && navigate(serviceChatPath(PATHS.chatRoom, storeId, card))
      }
    >
      <MessageOutline />
      <span>客服</span>
    </button>
  );
}
