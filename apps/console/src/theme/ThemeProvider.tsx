import { App as AntdApp, ConfigProvider, theme } from 'antd';
// The ES build: antd/locale/* is CommonJS, whose default export arrives wrapped (English texts).
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { type ColorMode, ColorModeContext, storedColorMode, THEME_KEY } from './colorMode.ts';

dayjs.locale('zh-cn');

/** The console's look: one primary colour, Chinese texts, light or dark as the user chose. */
const TOKENS = {
  colorPrimary: '#1668dc',
  borderRadius: 6,
  fontFamily:
    "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
};

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ColorMode>(storedColorMode);

  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    try {
      localStorage.setItem(THEME_KEY, mode);
    } catch {
      /* remembered for this visit only */
    }
  }, [mode]);

  const context = useMemo(() => ({ mode, setMode }), [mode]);
  return (
    <ColorModeContext.Provider value={context}>
      <ConfigProvider
        locale={zhCN}
        // 登录, not 登 录: antd spaces out two-character button labels by default.
        button={{ autoInsertSpace: false }}
        theme={{
          algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
          token: TOKENS,
        }}
      >
        <AntdApp>{children}</AntdApp>
      </ConfigProvider>
    </ColorModeContext.Provider>
  );
}
