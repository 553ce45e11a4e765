-- Reserved for another branch of issue 34 (the coordinator gave this number to it); a no-op here.
-- Delete this file when that branch's 0014 is merged.
SELECT 1;
