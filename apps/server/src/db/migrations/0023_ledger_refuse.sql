-- Fails the statement that calls it, its message in the error's DETAIL (SQLSTATE EL001): a
-- set-based journal entry refuses, inside its own statement, postings that do not balance, so
-- nothing is written even when the statement is its own transaction.
CREATE OR REPLACE FUNCTION ledger_refuse(message text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entry refused' USING ERRCODE = 'EL001', DETAIL = message;
END
$$;
