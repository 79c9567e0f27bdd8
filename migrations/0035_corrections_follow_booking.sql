-- A correction follows a pending transaction to the booked one that replaced it
-- (docs/decisions/0061-category-corrections-and-rules.md). When a bank pull links a pending row it removes to the
-- booked row that replaced it (docs/decisions/0052-transaction-change-feed.md), every change of the pending row's
-- category is copied to the booked row, with its actor, time and the category before, naming the pending row it
-- came from. The copy's id is the original's with a suffix, so its place among the booked row's changes is the
-- original's time and a second copy of the same change is refused by the primary key.
ALTER TABLE transaction_category_corrections ADD COLUMN carried_from_transaction_id uuid;
