/* global self, URL */
// The console's service worker for browser push (issue 38, docs/notifications.md): shows each
// alarm the cloud pushes, also while the console is closed, and opens the alarm on a click.
// Plain JavaScript: served as is from the site's root so that its scope is the whole console.
self.addEventListener('push', (event) => {
  let message = { title: 'Telemetry Console', body: '', url: '/alarms', tag: undefined };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // A message that is not ours shows the default text rather than nothing.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/alarms', self.location.origin);
  // Only the console's own pages are opened.
  const target = url.origin === self.location.origin ? url.href : self.location.origin + '/alarms';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === target);
      return open ? open.focus() : self.clients.openWindow(target);
    }),
  );
});
