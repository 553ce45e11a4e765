-- Place alarms (issue 24, docs/decisions/0135-place-alarms.md): the named place a node entered,
-- as JSON {"name", "lat", "lon", "radius"}, copied when it entered (properties may change later).
ALTER TABLE alarms ADD COLUMN place text;
-- The Alarms page's first page of active alarms (docs/decisions/0136-alarms-first-page.md): active
-- alarms are few (one per sensor and kind at most), so newest first among them is a short walk.
CREATE INDEX alarms_active ON alarms (raised_at DESC, id DESC) WHERE status = 'active';
