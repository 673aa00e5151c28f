-- The chain's own details that a voucher order's quotation and receipt print (issue 15, point 3): its legal name,
-- address, NPWP and phone, the bank account clients transfer to, and how many days a quotation stands. Nullable (none
-- until filled in on General Setting; a document is refused with 422 until the ones it needs are there), the validity
-- with a default.
ALTER TABLE general_settings ADD COLUMN company_name text;
--> statement-breakpoint
ALTER TABLE general_settings ADD COLUMN company_address text;
--> statement-breakpoint
ALTER TABLE general_settings ADD COLUMN company_npwp text;
--> statement-breakpoint
ALTER TABLE general_settings ADD COLUMN company_phone text;
--> statement-breakpoint
ALTER TABLE general_settings ADD COLUMN bank_name text;
--> statement-breakpoint
ALTER TABLE general_settings ADD COLUMN bank_account_no text;
--> statement-breakpoint
ALTER TABLE general_settings ADD COLUMN bank_account_holder text;
--> statement-breakpoint
ALTER TABLE general_settings ADD COLUMN quotation_validity_days integer NOT NULL DEFAULT 14 CHECK (quotation_validity_days BETWEEN 1 AND 90);
