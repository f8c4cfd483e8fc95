import { ActionSheet, type ActionSheetProps } from 'antd-mobile';
import { useCallback, useEffect, useRef } from 'react';

type Handler = ReturnType<typeof ActionSheet.show>;

/**
 * ActionSheet.show renders outside the page, so it would outlive a navigation and cover the next
 * page: sheets opened through this hook close when the page unmounts.
 */
export function useActionSheet() {
  const open = useRef(new Set<Handler>());
  useEffect(() => {
    const sheets = open.current;
    return () => {
      for (const h of sheets) h.close();
      sheets.clear();
    };
  }, []);
  return useCallback((props: Omit<ActionSheetProps, 'visible'>) => {
    const handler = ActionSheet.show({
      ...props,
      afterClose: () => {
        open.current.delete(handler);
        props.afterClose?.();
      },
    });
    open.current.add(handler);
    return handler;
  }, []);
}
