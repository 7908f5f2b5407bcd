-- A rule's search result named it by its requirement, which its snippet (the same text) then
-- repeated: the result now reads "ID: short title", with the requirement as its snippet. The
-- library loader writes new titles; this renames the ones already indexed.
UPDATE "search_documents" AS d
SET "title" = r."id" || ': ' || r."title"
FROM "library_rules" AS r
WHERE d."kind" = 'rule' AND d."ref_id" = r."id";
