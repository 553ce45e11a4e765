-- Notifications (issue 38, docs/decisions/0186-notifications.md): each person's settings (JSON of
-- contract/notifications.ts), the outbox of what is to be sent (one row per person, alarm and
-- change: written again when the event log is read again, and kept once), and every attempt.
CREATE TABLE notification_settings (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  settings TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE TABLE notification_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  dedupe TEXT NOT NULL,
  alarm_uuid TEXT,
  channel_id INTEGER,
  change TEXT NOT NULL,
  payload TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  next_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  state TEXT NOT NULL DEFAULT 'pending',
  UNIQUE (user_id, dedupe)
);
CREATE INDEX notification_outbox_due ON notification_outbox (next_at) WHERE state = 'pending';
-- The people a raised alarm was sent to: its updates go to them.
CREATE INDEX notification_outbox_alarm ON notification_outbox (alarm_uuid);
CREATE TABLE notification_deliveries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  at INTEGER NOT NULL,
  means TEXT NOT NULL,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  alarm_ids TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  ok INTEGER NOT NULL,
  error TEXT,
  final INTEGER NOT NULL
);
CREATE INDEX notification_deliveries_user ON notification_deliveries (user_id, id DESC);
-- Browser push subscriptions (Web Push, RFC 8030/8291): the push service's address and the
-- browser's keys, per person; removed when the push service answers 404 or 410.
CREATE TABLE web_push_subscriptions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX web_push_subscriptions_user ON web_push_subscriptions (user_id);
