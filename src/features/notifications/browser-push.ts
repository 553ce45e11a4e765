import { addWebPushSubscription, webPushKey } from '../../api/notifications.ts';

/** Why this browser cannot be subscribed, or undefined once it is. */
export type PushRefusal = 'unsupported' | 'denied';

/**
 * Subscribes this browser to the cloud's push (the service worker public/notification-sw.js shows
 * what arrives): registers the worker, asks the person's permission, subscribes with the cloud's
 * VAPID key and hands the subscription to the cloud.
 */
export async function subscribeThisBrowser(): Promise<PushRefusal | undefined> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.register('/notification-sw.js');
  const { publicKey } = await webPushKey();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: publicKey,
  });
  await addWebPushSubscription(subscription.toJSON());
  return undefined;
}
