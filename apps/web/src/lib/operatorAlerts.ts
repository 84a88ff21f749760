/**
 * How the back office gets an operator's attention when work arrives while they look elsewhere (a
 * withdrawal, an adjustment to approve, a pending change): a short beep and a browser notification.
 */

type AudioContextConstructor = new () => AudioContext;

/** A 0.25 s beep made with the Web Audio API (no audio file). Silently nothing where unsupported or blocked. */
export function playBeep(): void {
  const scope = window as unknown as {
    AudioContext?: AudioContextConstructor;
    webkitAudioContext?: AudioContextConstructor;
  };
  const Context = scope.AudioContext ?? scope.webkitAudioContext;
  if (!Context) return;
  try {
    const context = new Context();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.2, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.25);
    oscillator.connect(gain);
    gain.connect(context.destination);
    oscillator.onended = () => void context.close().catch(() => {});
    oscillator.start();
    oscillator.stop(context.currentTime + 0.25);
  } catch {
    // Autoplay policy or a broken audio stack: the reload and the notification still happen.
  }
}

export type NotificationPermissionState = NotificationPermission | 'unsupported';

export function notificationPermission(): NotificationPermissionState {
  return typeof window !== 'undefined' && 'Notification' in window
    ? window.Notification.permission
    : 'unsupported';
}

/** Shows a browser notification when the operator has granted permission; otherwise nothing. */
export function showBrowserNotification(title: string, body: string): void {
  if (notificationPermission() !== 'granted') return;
  try {
    new window.Notification(title, { body });
  } catch {
    // Some browsers (Android Chrome) only allow notifications from a service worker.
  }
}

export async function requestNotificationPermission(): Promise<NotificationPermissionState> {
  if (notificationPermission() === 'unsupported') return 'unsupported';
  try {
    return await window.Notification.requestPermission();
  } catch {
    return notificationPermission();
  }
}
