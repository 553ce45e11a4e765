-- Notifications (issue 38, docs/decisions/0186-notifications.md): each person's settings (JSON of
-- contract/notifications.ts), the outbox of what is to be sent (one row per person, alarm and
-- change: written again when the event log is read again, and kept once), and every attempt.
CREATE TABLE notification_settings (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  settings text NOT NULL,
  updated_at bigint NOT NULL
);
CREATE TABLE notification_outbox (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  dedupe text NOT NULL,
  alarm_uuid text,
  channel_id integer,
  change text NOT NULL,
  payload text NOT NULL,
  created_at bigint NOT NULL,
  next_at bigint NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  state text NOT NULL DEFAULT 'pending',
  UNIQUE (user_id, dedupe)
);
CREATE INDEX notification_outbox_due ON notification_outbox (next_at) WHERE state = 'pending';
-- The people a raised alarm was sent to: its updates go to them.
CREATE INDEX notification_outbox_alarm ON notification_outbox (alarm_uuid);
CREATE TABLE notification_deliveries (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  at bigint NOT NULL,
  means text NOT NULL,
  recipient text NOT NULL,
  subject text NOT NULL,
  alarm_ids text NOT NULL,
  attempt integer NOT NULL,
  ok boolean NOT NULL,
  error text,
  final boolean NOT NULL
);
CREATE INDEX notification_deliveries_user ON notification_deliveries (user_id, id DESC);
-- Browser push subscriptions (Web Push, RFC 8030/8291): the push service's address and the
-- browser's keys, per person; removed when the push service answers 404 or 410.
CREATE TABLE web_push_subscriptions (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX web_push_subscriptions_user ON web_push_subscriptions (user_id);
