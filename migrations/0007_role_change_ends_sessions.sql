-- Custom SQL migration file, put your code below! --
-- A role change ends every open session of the account, whichever route (or hand) changes it:
-- the next request of an old token answers 401 and the user signs in with the new role's rights.
CREATE TRIGGER `users_role_change_ends_sessions` AFTER UPDATE OF `role` ON `users`
WHEN NEW.`role` <> OLD.`role`
BEGIN
  UPDATE `auth_sessions` SET `ended_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), `end_reason` = 'role'
  WHERE `user_id` = NEW.`id` AND `ended_at` IS NULL;
END;
