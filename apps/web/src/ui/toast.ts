import { TOAST_DURATION_MS } from '@chaopin/contracts';

type ToastApi = typeof import('antd-mobile/es/components/toast').default;

// antd-mobile's Toast brings its animation library (react-spring) with it. No toast is needed for
// the first paint, so it is loaded on first use (and warmed at idle by preloadToast) to keep the
// home route's JS under budget. Calls stay in order because they queue on one promise.
let toastModule: Promise<ToastApi> | null = null;

function withToast(run: (toast: ToastApi) => void): void {
  toastModule ??= import('antd-mobile/es/components/toast').then((m) => m.default);
  toastModule.then(run).catch(() => {
    toastModule = null; // chunk failed (offline): try again next time
  });
}

export function preloadToast(): void {
  withToast(() => {});
}

/** SPEC §9: toasts last 1500 ms. */
export function showToast(content: string): void {
  withToast((toast) => toast.show({ content, duration: TOAST_DURATION_MS }));
}

export function showLoading(content: string): void {
  withToast((toast) => toast.show({ icon: 'loading', content, duration: 0, maskClickable: false }));
}

export function showSuccess(content: string): void {
  withToast((toast) => toast.show({ icon: 'success', content, duration: TOAST_DURATION_MS }));
}

export function hideToast(): void {
  withToast((toast) => toast.clear());
}
