-- A permission set (a role) may name groups: whoever holds the set reaches them, their members
-- and the members' sensors, as if given each group (docs/decisions/0015-roles-that-reach-groups.md, "Roles that reach groups").
CREATE TABLE permission_set_groups (
  set_id integer NOT NULL REFERENCES permission_sets(id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES channels(id),
  PRIMARY KEY (set_id, group_id)
);

-- Every channel a user was given, directly or through a permission set: what reach reads.
CREATE VIEW channel_grants (user_id, channel_id) AS
  SELECT user_id, channel_id FROM channel_access
  UNION ALL
  SELECT ups.user_id, psg.group_id
  FROM user_permission_sets ups JOIN permission_set_groups psg ON psg.set_id = ups.set_id;
