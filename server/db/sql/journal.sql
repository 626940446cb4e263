-- The journal is append-only (docs/decisions.md, BIR records): a row once written is never
-- changed or removed, whoever holds the database. The app only inserts
-- (server/domains/journal/chain.ts); anything else is refused here, and a row changed with
-- these triggers dropped shows in the chain's verification.

DROP TRIGGER IF EXISTS journal_no_update;
CREATE TRIGGER journal_no_update BEFORE UPDATE ON journal BEGIN
  SELECT RAISE(ABORT, 'The journal is append-only: its rows cannot be changed.');
END;

DROP TRIGGER IF EXISTS journal_no_delete;
CREATE TRIGGER journal_no_delete BEFORE DELETE ON journal BEGIN
  SELECT RAISE(ABORT, 'The journal is append-only: its rows cannot be deleted.');
END;
