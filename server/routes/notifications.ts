import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  NotificationDeliveries,
  NotificationSettings,
  NotificationTestResult,
  WebPushKey,
  WebPushSubscription,
} from '../../contract/notifications.ts';
import { StatusResult } from '../../contract/status.ts';
import { callerOf } from '../auth/authenticate.ts';
import { badRequest } from '../http/errors.ts';
import type { ZodApp } from '../http/zod-app.ts';
import { responses } from '../http/zod-app.ts';
import { checkReach, settingsOf } from '../notify/settings.ts';
import { readUnsubscribe } from '../notify/unsubscribe.ts';
import { NoQuery } from '../schemas/params.ts';
import type { Services } from '../services.ts';
import { personInView } from './people.ts';

const tags = ['extension: notifications'];

/** Our extension: a person's notifications (docs/notifications.md, decision 0186). */
export function notificationRoutes(app: ZodApp, services: Services): void {
  const { store } = services;

  app.get(
    '/v1/userinfo/notifications',
    {
      schema: {
        tags,
        summary: "The caller's notification settings (extension)",
        description: 'Which alarms reach the caller, by which means, when and in which language.',
        querystring: NoQuery,
        response: responses(NotificationSettings, ['BAD_REQUEST', 'UNAUTHORIZED']),
      },
    },
    async (request) => settingsOf(store.notifications, callerOf(request).user.id),
  );

  app.put(
    '/v1/userinfo/notifications',
    {
      schema: {
        tags,
        summary: "Set the caller's notification settings (extension)",
        description:
          'Groups and nodes must be ones the caller reads (400 otherwise, nothing changed). ' +
          'Empty `groups` and `nodes`: every alarm in reach. A change of reach applies at once: ' +
          'nothing is sent about a channel the caller can no longer read.',
        querystring: NoQuery,
        body: NotificationSettings,
        response: responses(NotificationSettings, ['BAD_REQUEST', 'UNAUTHORIZED']),
      },
    },
    async (request) => {
      const { user } = callerOf(request);
      await checkReach(services.reach, user.id, request.body);
      await store.notifications.saveSettings(user.id, JSON.stringify(request.body), services.now());
      return request.body;
    },
  );

  app.get(
    '/v1/userinfo/notifications/deliveries',
    {
      schema: {
        tags,
        summary: 'Every attempt to notify the caller, newest first (extension)',
        description: 'Why a mail did or did not arrive: each attempt, its outcome and error.',
        querystring: NoQuery,
        response: responses(NotificationDeliveries, ['BAD_REQUEST', 'UNAUTHORIZED']),
      },
    },
    async (request) => ({
      deliveries: await store.notifications.deliveriesOf(callerOf(request).user.id),
    }),
  );

  app.post(
    '/v1/userinfo/notifications/test',
    {
      schema: {
        tags,
        summary: 'Send the caller a test through each chosen means (extension)',
        description:
          'Queued like any notification: its attempts show in the delivery log. `queued` is ' +
          'empty when the caller chose no means (nothing is sent).',
        querystring: NoQuery,
        response: responses(NotificationTestResult, ['BAD_REQUEST', 'UNAUTHORIZED']),
      },
    },
    async (request) => {
      const { user } = callerOf(request);
      const settings = await settingsOf(store.notifications, user.id);
      if (settings.means.length > 0) await services.notifications.queueTest(user.id);
      return { queued: settings.means };
    },
  );

  app.get(
    '/v1/userinfo/notifications/webpush',
    {
      schema: {
        tags,
        summary: "The cloud's VAPID public key, for a browser to subscribe with (extension)",
        querystring: NoQuery,
        response: responses(WebPushKey, ['BAD_REQUEST', 'UNAUTHORIZED']),
      },
    },
    async () => ({ publicKey: (await services.notifications.vapid()).publicKey }),
  );

  app.post(
    '/v1/userinfo/notifications/webpush',
    {
      schema: {
        tags,
        summary: "Add a browser's push subscription for the caller (extension)",
        description:
          'The body is PushSubscription.toJSON(). Alarms the caller chose reach this browser ' +
          'when `webpush` is among their means; a subscription the push service answers 404 ' +
          'or 410 for is removed, and the delivery log says so.',
        querystring: NoQuery,
        body: WebPushSubscription,
        response: responses(StatusResult, ['BAD_REQUEST', 'UNAUTHORIZED']),
      },
    },
    async (request) => {
      const refused = services.pushPolicy.neverDeliverable(new URL(request.body.endpoint));
      if (refused !== undefined)
        throw badRequest(`The push service address is refused: ${refused}.`);
      await store.notifications.subscribe(callerOf(request).user.id, request.body, services.now());
      return { status: 'OK' as const };
    },
  );

  app.get(
    '/v1/users/:userId/notifications',
    {
      schema: {
        tags,
        summary: "A person's notification settings and delivery log (extension)",
        description:
          'For support ("why did I not get the mail?"): needs READ on `users` in the person’s ' +
          'tenant; anyone else is answered 404, as a person who does not exist.',
        params: z.object({ userId: z.string().min(1).max(300) }),
        querystring: NoQuery,
        response: responses(
          z.object({ settings: NotificationSettings, ...NotificationDeliveries.shape }),
        ),
      },
    },
    async (request) => {
      const person = await personInView(services, callerOf(request), request.params.userId);
      return {
        settings: await settingsOf(store.notifications, person.id),
        deliveries: await store.notifications.deliveriesOf(person.id),
      };
    },
  );

  void app.register(async (scope) =>
    unsubscribeRoute(scope.withTypeProvider<ZodTypeProvider>(), services),
  );
}

/** RFC 8058 one-click unsubscribe: a mail client POSTs `List-Unsubscribe=One-Click` as a form. */
function unsubscribeRoute(scope: ZodApp, services: Services): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  scope.post(
    '/v1/notifications/unsubscribe',
    {
      schema: {
        tags,
        summary: 'One-click unsubscribe from notification e-mail (RFC 8058, extension)',
        description:
          'The address of every notification mail’s List-Unsubscribe header. No credentials: ' +
          'the token is sealed by the cloud and names the person. Turns e-mail off for them.',
        security: [],
        querystring: z.strictObject({ token: z.string().min(1).max(1000) }),
        response: responses(StatusResult, ['BAD_REQUEST']),
      },
    },
    async (request) => {
      const sub = readUnsubscribe(services.sealer, request.query.token);
      const user = sub === undefined ? undefined : await services.store.users.findBySub(sub);
      if (!user) throw badRequest('This unsubscribe link is not valid.');
      const settings = await settingsOf(services.store.notifications, user.id);
      const means = settings.means.filter((m) => m !== 'email');
      await services.store.notifications.saveSettings(
        user.id,
        JSON.stringify({ ...settings, means }),
        services.now(),
      );
      return { status: 'OK' as const };
    },
  );
}
