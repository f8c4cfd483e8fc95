import type { Message, TimError } from '@chaopin/im-sdk';
import { chat, copy } from '../../../core/chat/chat-boot.ts';
import { useChatSession } from '../../../core/chat/session-store.ts';
import { showToast } from '../../../ui/toast.ts';

/**
 * Errors that mean the message can never go as it is (bad input, refused by the peer or the
 * group): the bubble is removed and a toast says why. Anything else (network) leaves a red mark.
 */
const REFUSED = new Set([
  'IM_IN_BLACKLIST',
  'IM_MUTED',
  'IM_MESSAGE_INVALID',
  'IM_MESSAGE_TOO_LONG',
  'IM_MESSAGE_REQUIRED',
  'IM_UPLOAD_TYPE',
  'IM_UPLOAD_EMPTY',
  'IM_IMAGE_TOO_LARGE',
  'IM_AUDIO_TOO_LARGE',
  'IM_VIDEO_TOO_LARGE',
  'IM_FILE_TOO_LARGE',
  'IM_FILE_URL_EMPTY',
  'IM_NOT_MEMBER',
  'IM_GROUP_NOT_FOUND',
  'IM_USER_NOT_FOUND',
  'IM_CONVERSATION_TYPE_INVALID',
]);

/** The SDK's own objects of failed sends, by the ID their bubble shows (for resend). */
const failed = new Map<string, Message>();

const errorText = (e: unknown) => (e as Error)?.message || '消息发送失败';

async function deliver(m: Message, bubbleID: string) {
  const tim = await chat();
  const session = useChatSession.getState;
  // The bubble shows how much of its file has gone up.
  m._onProgress = (progress) =>
    session().updateMessage({ ...copy(m), ID: bubbleID, progress } as Message);
  try {
    await tim.sendMessage(m);
    failed.delete(bubbleID);
    session().replaceMessage(bubbleID, copy(m));
  } catch (err) {
    const id = (err as TimError).error ?? '';
    if (REFUSED.has(id)) {
      failed.delete(bubbleID);
      session().removeMessage(bubbleID);
    } else {
      failed.set(bubbleID, m);
      session().updateMessage({ ...copy(m), ID: bubbleID, status: 'fail' } as Message);
    }
    showToast(errorText(err));
  }
}

/** Creates (bad input → toast, no bubble), shows the bubble at once, then sends. */
export async function sendNew(
  make: (tim: Awaited<ReturnType<typeof chat>>) => Message,
): Promise<void> {
  const tim = await chat();
  let m: Message;
  try {
    m = make(tim);
  } catch (err) {
    showToast(errorText(err));
    return;
  }
  useChatSession.getState().pushMessages(copy(m));
  await deliver(m, m.ID);
}

/** The red mark was tapped: the same message goes again. */
export async function resend(bubble: Message): Promise<void> {
  const m = failed.get(bubble.ID);
  if (!m) return;
  useChatSession
    .getState()
    .updateMessage({ ...copy(m), ID: bubble.ID, status: 'unsent' } as Message);
  await deliver(m, bubble.ID);
}
