-- E-vouchers (issue 15), partners: the Credit Limit list sorts by the limit and filters clients with or without one.
CREATE INDEX partners_credit_limit_idx ON partners (credit_limit, id);
