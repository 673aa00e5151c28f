CREATE TABLE "districts" (
	"code" text PRIMARY KEY NOT NULL,
	"regency_code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provinces" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regencies" (
	"code" text PRIMARY KEY NOT NULL,
	"province_code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text GENERATED ALWAYS AS (case when name like 'Kota %' then 'Kota' else 'Kabupaten' end) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "villages" (
	"code" text PRIMARY KEY NOT NULL,
	"district_code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_regency_code_regencies_code_fk" FOREIGN KEY ("regency_code") REFERENCES "public"."regencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regencies" ADD CONSTRAINT "regencies_province_code_provinces_code_fk" FOREIGN KEY ("province_code") REFERENCES "public"."provinces"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "villages" ADD CONSTRAINT "villages_district_code_districts_code_fk" FOREIGN KEY ("district_code") REFERENCES "public"."districts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "districts_parent_idx" ON "districts" USING btree ("regency_code","name");--> statement-breakpoint
CREATE INDEX "districts_name_idx" ON "districts" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "provinces_name_idx" ON "provinces" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "regencies_parent_idx" ON "regencies" USING btree ("province_code","name");--> statement-breakpoint
CREATE INDEX "regencies_name_idx" ON "regencies" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "villages_parent_idx" ON "villages" USING btree ("district_code","name");--> statement-breakpoint
CREATE INDEX "villages_name_idx" ON "villages" USING btree (lower("name") text_pattern_ops);