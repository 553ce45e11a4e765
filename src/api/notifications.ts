import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '../../contract/notifications.ts';
import { apiRequest } from './client.ts';

/** Extension: the caller's notification settings and delivery log (docs/notifications.md). */
const notificationKeys = {
  settings: ['notifications', 'settings'] as const,
  deliveries: ['notifications', 'deliveries'] as const,
};

export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) =>
      apiRequest('/v1/userinfo/notifications', { schema: (s) => s.NotificationSettings, signal }),
  });

export const notificationDeliveriesQuery = () =>
  queryOptions({
    queryKey: notificationKeys.deliveries,
    queryFn: ({ signal }) =>
      apiRequest('/v1/userinfo/notifications/deliveries', {
        schema: (s) => s.NotificationDeliveries,
        signal,
      }),
    // The log fills as the cloud tries: looked at again while the page is open.
    refetchInterval: 5_000,
  });

export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      apiRequest('/v1/userinfo/notifications', {
        method: 'PUT',
        body: settings,
        schema: (s) => s.NotificationSettings,
      }),
    onSuccess: (saved) => client.setQueryData(notificationKeys.settings, saved),
  });
}

export function useSendTestNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/v1/userinfo/notifications/test', {
        method: 'POST',
        schema: (s) => s.NotificationTestResult,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.deliveries }),
  });
}

/** The cloud's VAPID public key and a place to send a browser's subscription. */
export function webPushKey() {
  return apiRequest('/v1/userinfo/notifications/webpush', { schema: (s) => s.WebPushKey });
}

export function addWebPushSubscription(subscription: unknown) {
  return apiRequest('/v1/userinfo/notifications/webpush', {
    method: 'POST',
    body: subscription,
    schema: (s) => s.StatusResult,
  });
}
