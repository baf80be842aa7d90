-- Hiding or restoring a rating (worker/domain/lessons/ratings-moderation.ts) changes the tutor's
-- average and so the public list's order: the rating triggers of migrations/0009 fire only on
-- ratee_id and value, so this one marks the tutor's order columns stale when hidden_at changes.
CREATE TRIGGER `tutor_list_rating_hidden` AFTER UPDATE OF hidden_at ON ratings BEGIN UPDATE tutors SET list_stale_at = '' WHERE list_stale_at <> '' AND id IN (OLD.ratee_id, NEW.ratee_id); END;
