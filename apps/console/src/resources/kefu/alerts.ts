/**
 * A new buyer message: a short two-tone chime (Web Audio, no sound file to load) and, while the
 * desk is not in front, a browser notification. The permission is asked only when the agent
 * clicks 开启桌面通知, never on page load.
 */
let audio: AudioContext | undefined;

export function chime(): void {
  try {
    audio ??= new AudioContext();
    const ctx = audio;
    const at = ctx.currentTime;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, at + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.15, at + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + i * 0.12 + 0.18);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at + i * 0.12);
      osc.stop(at + i * 0.12 + 0.2);
    }
  } catch {
    // No audio device (or autoplay refused before any click): the badge still shows.
  }
}

export type NotifyPermission = NotificationPermission | 'unsupported';

export function notifyPermission(): NotifyPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

export async function askNotifyPermission(): Promise<NotifyPermission> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

/** A desktop notification when the page is hidden and the agent allowed them. */
export function notify(title: string, body: string, onClick: () => void): void {
  if (notifyPermission() !== 'granted' || document.visibilityState === 'visible') return;
  try {
    const n = new Notification(title, { body, tag: 'kefu-desk', silent: true });
    n.onclick = () => {
      window.focus();
      onClick();
      n.close();
    };
  } catch {
    // Some browsers only allow notifications from a service worker: the chime is enough.
  }
}

/** 3分12秒 / 1小时05分: how long a buyer has waited. */
export function waited(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s}秒`;
  if (s < 3600) return `${Math.floor(s / 60)}分${String(s % 60).padStart(2, '0')}秒`;
  return `${Math.floor(s / 3600)}小时${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}分`;
}
