import type { NotificationProvider } from '@refinedev/core';
import { App } from 'antd';

/**
 * refine's notifications on antd's: the server's Chinese msg (refine's `description`) as the title,
 * refine's summary under it. Ours rather than @refinedev/antd's, which brings a progress ring for
 * undoable edits the console does not use (~8 KB gz on the first load).
 */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  return {
    open: ({ key, message, description, type }) => {
      notification.open({
        key,
        message: description ?? message,
        description: description ? message : undefined,
        type: type === 'progress' ? 'info' : type,
        placement: 'topRight',
      });
    },
    close: (key) => notification.destroy(key),
  };
}
