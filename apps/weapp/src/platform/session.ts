import { STORAGE_KEYS } from '@chaopin/core/platform';
import { taroStorage } from './taroStorage';

/** Whether a session token is stored (the server still has the last word: a 401 signs out). */
export const isLoggedIn = () => taroStorage.getItem(STORAGE_KEYS.token) !== null;
