-- Egypt has 27 governorates: the three wire values that are not governorates of their own move to
-- the governorate they mean (schema/enums.ts retiredGovernorates): Minufiya (28) is Monufia (27),
-- Helwan (29) is Cairo (1), Giza city (30) is Giza (3).
UPDATE `users` SET `city` = 27 WHERE `city` = 28;--> statement-breakpoint
UPDATE `users` SET `city` = 1 WHERE `city` = 29;--> statement-breakpoint
UPDATE `users` SET `city` = 3 WHERE `city` = 30;
