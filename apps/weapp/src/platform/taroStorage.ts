import type { KeyValueStorage } from '@chaopin/core/platform';
import Taro from '@tarojs/taro';

/** wx storage behind packages/core's KeyValueStorage (getStorageSync answers '' when unset). */
export const taroStorage: KeyValueStorage = {
  getItem(key) {
    const value: unknown = Taro.getStorageSync(key);
    return typeof value === 'string' && value !== '' ? value : null;
  },
  setItem(key, value) {
    Taro.setStorageSync(key, value);
  },
  removeItem(key) {
    Taro.removeStorageSync(key);
  },
};
