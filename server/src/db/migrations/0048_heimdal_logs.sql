-- heimdal's logs (issue 17). The consumer login log: every sign-in attempt of the consumer app that reached the
-- credential check, written by the consumer API itself (platform/consumer-auth.ts): a failed attempt is written on its
-- own before the refusal, a successful one in the statement that opens its session. The identifier tried is the phone
-- as normalised (628…), whether or not a consumer has it; never the password or the token. The consumer is kept when
-- the phone named one (a wrong password, a locked account), so their attempts can be listed.
CREATE TABLE consumer_login_log (
	id bigserial PRIMARY KEY,
	at timestamptz NOT NULL,
	result smallint NOT NULL CHECK (result IN (1, 2)),
	failure_reason text CHECK (failure_reason IN ('unknown_phone', 'no_password', 'wrong_password', 'inactive')),
	consumer_id integer REFERENCES consumers(id) ON DELETE SET NULL,
	phone text NOT NULL,
	platform text CHECK (platform IN ('ios', 'android')),
	app_version text,
	device text,
	ip text,
	CHECK ((result = 1) = (failure_reason IS NOT NULL))
);
--> statement-breakpoint
-- Newest first by time, and each filter with the time beside it (ascending: a backward scan serves `at desc, id desc`).
CREATE INDEX consumer_login_log_at_idx ON consumer_login_log (at, id);
--> statement-breakpoint
CREATE INDEX consumer_login_log_result_idx ON consumer_login_log (result, at, id);
--> statement-breakpoint
CREATE INDEX consumer_login_log_platform_idx ON consumer_login_log (platform, at, id) WHERE platform IS NOT NULL;
--> statement-breakpoint
CREATE INDEX consumer_login_log_version_idx ON consumer_login_log (app_version, at, id) WHERE app_version IS NOT NULL;
--> statement-breakpoint
CREATE INDEX consumer_login_log_consumer_idx ON consumer_login_log (consumer_id, at, id) WHERE consumer_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX consumer_login_log_phone_idx ON consumer_login_log (phone, at, id);
--> statement-breakpoint
-- The voucher-used log lists redemptions newest first by their use time with the id as the tie-break (keyset paging),
-- and finds the vouchers a till transaction used (a consumer's receipts → the vouchers they paid with).
CREATE INDEX vouchers_used_at_id_idx ON vouchers (used_at, id) WHERE used_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX vouchers_pos_transaction_idx ON vouchers (pos_transaction_no) WHERE pos_transaction_no IS NOT NULL;
