import { createContext, useContext } from 'react';

export type ColorMode = 'light' | 'dark';

/** localStorage key of the chosen theme (index.html reads it before the first paint too). */
export const THEME_KEY = 'console.theme';

export function storedColorMode(): ColorMode {
  try {
    const saved = localStorage.getItem(THEME_KEY);
    if (saved === 'light' || saved === 'dark') return saved;
  } catch {
    /* storage refused: the system's preference */
  }
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export const ColorModeContext = createContext<{ mode: ColorMode; setMode: (m: ColorMode) => void }>(
  { mode: 'light', setMode: () => {} },
);

export const useColorMode = () => useContext(ColorModeContext);
