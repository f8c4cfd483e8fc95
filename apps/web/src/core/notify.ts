/**
 * Core code must not depend on a UI kit, yet the request helper has to tell the user about network
 * trouble. The app installs the real toast (antd-mobile) at start-up; tests install a spy.
 */
export type ToastFn = (message: string) => void;

let toastImpl: ToastFn = () => {};

export function setToast(fn: ToastFn): void {
  toastImpl = fn;
}

export function toast(message: string): void {
  toastImpl(message);
}
