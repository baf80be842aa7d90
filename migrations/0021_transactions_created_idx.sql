-- GET /tx/list unfiltered (the admin payments list, worker/domain/payments/transactions.ts) orders
-- by created_at DESC, id DESC: without an index leading with created_at every transaction was read
-- and sorted for one page; off this index the page reads its LIMIT rows (docs/performance.md).
CREATE INDEX `transactions_created_idx` ON `transactions` (`created_at`,`id`);