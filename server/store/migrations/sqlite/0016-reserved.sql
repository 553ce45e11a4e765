-- Reserved for another branch (the coordinator gave this number to it); a no-op here.
-- Delete this file when that branch's 0016 is merged.
SELECT 1;
