import { expect as baseExpect, test } from '@playwright/test';

// Issue 38: the console's service worker (public/notification-sw.js) shows what the cloud pushes,
// delivered to it through Chromium's own push path (CDP ServiceWorker.deliverPushMessage), with
// the page in the background as a person's would be.
const expect = baseExpect.configure({ timeout: 30_000 });

/** What the page's navigator offers (the server's TypeScript settings have no DOM types). */
interface Workers {
  serviceWorker: {
    register(url: string): Promise<unknown>;
    ready: Promise<{
      getNotifications(): Promise<{ title: string; body: string; data: unknown }[]>;
    }>;
  };
}

test('the service worker shows a pushed alarm with its link', async ({
  page,
  context,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
  await context.grantPermissions(['notifications'], { origin });
  await page.goto('/');
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await page.evaluate(async () => {
    const { serviceWorker } = navigator as unknown as Workers;
    await serviceWorker.register('/notification-sw.js');
    await serviceWorker.ready;
  });
  const registrationId = await registered;
  const message = {
    title: '[Critical] Temperature alarm: Reefer 02 on Van North',
    body: 'Node: Van North',
    url: `${origin}/alarms?alarm=00000000-0000-4000-8000-000000000001`,
    tag: 'alarm-1',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId,
    data: JSON.stringify(message),
  });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await (navigator as unknown as Workers).serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          url: (n.data as { url?: string } | null)?.url,
        }));
      }),
    )
    .toEqual([{ title: message.title, body: message.body, url: message.url }]);
});
