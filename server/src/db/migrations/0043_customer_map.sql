-- The thematic customer map (issue 16, point 3): where consumers' addresses are, in WGS 84 degrees, both or neither.
ALTER TABLE consumer_addresses ADD COLUMN latitude double precision;
--> statement-breakpoint
ALTER TABLE consumer_addresses ADD COLUMN longitude double precision;
--> statement-breakpoint
ALTER TABLE consumer_addresses ADD CONSTRAINT consumer_addresses_location_ck CHECK (
	(latitude IS NULL) = (longitude IS NULL) AND (latitude IS NULL OR (latitude BETWEEN -90 AND 90 AND longitude BETWEEN -180 AND 180))
);
--> statement-breakpoint
-- A box of the map: a 2-D index (GiST over the point), so a tall narrow strip is as cheap as a wide flat one.
CREATE INDEX consumer_addresses_location_idx ON consumer_addresses USING gist (point(longitude, latitude)) INCLUDE (consumer_id, province_code) WHERE latitude IS NOT NULL;
--> statement-breakpoint
-- The map filtered by region, and the thematic reports by province.
CREATE INDEX consumer_addresses_province_location_idx ON consumer_addresses (province_code, latitude, longitude) INCLUDE (consumer_id) WHERE latitude IS NOT NULL;
--> statement-breakpoint
-- The located addresses counted per grid cell of 1/64 degree (about 1.7 km), by province and by whether the consumer is a
-- member; kept exact by the triggers below, in the writing transaction. The map reads the cells inside a box from here
-- and only the thin strips along the box's edges from the addresses, so a whole-country view of millions of addresses
-- reads tens of thousands of rows, not millions.
CREATE TABLE customer_map_cells (
	cell_row integer NOT NULL,
	cell_col integer NOT NULL,
	province_code text NOT NULL,
	is_member boolean NOT NULL,
	addresses integer NOT NULL,
	sum_lat double precision NOT NULL,
	sum_lon double precision NOT NULL,
	PRIMARY KEY (cell_row, cell_col, province_code, is_member)
);
--> statement-breakpoint
-- The map filtered by region reads only its provinces' cells.
CREATE INDEX customer_map_cells_province_idx ON customer_map_cells (province_code, cell_row, cell_col);
--> statement-breakpoint
-- Adds signed counts of located addresses to their cells, one array element an address: +1 or -1, its coordinates, its
-- province and whether its consumer is a member. A cell whose count falls to 0 stays, at 0, until a rebuild.
CREATE FUNCTION customer_map_cells_add(signs integer[], lats double precision[], lons double precision[], provinces text[], memberships boolean[])
RETURNS void LANGUAGE sql AS $$
	INSERT INTO customer_map_cells AS c (cell_row, cell_col, province_code, is_member, addresses, sum_lat, sum_lon)
	SELECT floor(d.lat * 64)::int, floor(d.lon * 64)::int, d.province, d.member, sum(d.sign)::int, sum(d.sign * d.lat), sum(d.sign * d.lon)
	FROM unnest(signs, lats, lons, provinces, memberships) AS d(sign, lat, lon, province, member)
	WHERE d.lat IS NOT NULL
	GROUP BY 1, 2, 3, 4
	ON CONFLICT (cell_row, cell_col, province_code, is_member) DO UPDATE
		SET addresses = c.addresses + excluded.addresses, sum_lat = c.sum_lat + excluded.sum_lat, sum_lon = c.sum_lon + excluded.sum_lon
$$;
--> statement-breakpoint
-- The address triggers, per statement (seeding a million addresses is one set-based pass): an insert adds its rows, a
-- delete takes them away, an update moves the rows whose place, province or consumer changed.
CREATE FUNCTION customer_map_addresses_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Each branch names only the transition tables its event has (a statement is planned when first run).
	IF TG_OP = 'INSERT' THEN
		PERFORM customer_map_cells_add(array_agg(1), array_agg(n.latitude), array_agg(n.longitude), array_agg(n.province_code), array_agg(EXISTS (SELECT 1 FROM members m WHERE m.consumer_id = n.consumer_id)))
		FROM new_rows n WHERE n.latitude IS NOT NULL;
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM customer_map_cells_add(array_agg(-1), array_agg(o.latitude), array_agg(o.longitude), array_agg(o.province_code), array_agg(EXISTS (SELECT 1 FROM members m WHERE m.consumer_id = o.consumer_id)))
		FROM old_rows o WHERE o.latitude IS NOT NULL;
	ELSE
		PERFORM customer_map_cells_add(array_agg(d.sign), array_agg(d.latitude), array_agg(d.longitude), array_agg(d.province_code), array_agg(EXISTS (SELECT 1 FROM members m WHERE m.consumer_id = d.consumer_id)))
		FROM (
			SELECT s.sign, CASE WHEN s.sign < 0 THEN o.latitude ELSE n.latitude END AS latitude, CASE WHEN s.sign < 0 THEN o.longitude ELSE n.longitude END AS longitude,
				CASE WHEN s.sign < 0 THEN o.province_code ELSE n.province_code END AS province_code, CASE WHEN s.sign < 0 THEN o.consumer_id ELSE n.consumer_id END AS consumer_id
			FROM old_rows o JOIN new_rows n ON n.id = o.id CROSS JOIN (VALUES (-1), (1)) s(sign)
			WHERE (o.latitude, o.longitude, o.province_code, o.consumer_id) IS DISTINCT FROM (n.latitude, n.longitude, n.province_code, n.consumer_id)
		) d
		WHERE d.latitude IS NOT NULL;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A consumer who becomes a member (or stops being one) moves their located addresses to the member (non-member) cells.
CREATE FUNCTION customer_map_members_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM customer_map_cells_add(array_agg(s.sign), array_agg(a.latitude), array_agg(a.longitude), array_agg(a.province_code), array_agg(s.member))
		FROM new_rows x CROSS JOIN (VALUES (1, true), (-1, false)) s(sign, member) JOIN consumer_addresses a ON a.consumer_id = x.consumer_id AND a.latitude IS NOT NULL;
	ELSE
		PERFORM customer_map_cells_add(array_agg(s.sign), array_agg(a.latitude), array_agg(a.longitude), array_agg(a.province_code), array_agg(s.member))
		FROM old_rows x CROSS JOIN (VALUES (-1, true), (1, false)) s(sign, member) JOIN consumer_addresses a ON a.consumer_id = x.consumer_id AND a.latitude IS NOT NULL;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Counts every cell again from the addresses (a repair; the triggers keep the cells exact otherwise).
CREATE FUNCTION customer_map_cells_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM customer_map_cells;
	INSERT INTO customer_map_cells (cell_row, cell_col, province_code, is_member, addresses, sum_lat, sum_lon)
	SELECT floor(a.latitude * 64)::int, floor(a.longitude * 64)::int, a.province_code, m.consumer_id IS NOT NULL, count(*)::int, sum(a.latitude), sum(a.longitude)
	FROM consumer_addresses a LEFT JOIN members m ON m.consumer_id = a.consumer_id
	WHERE a.latitude IS NOT NULL
	GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_map_addresses_inserted AFTER INSERT ON consumer_addresses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_map_addresses_changed();
--> statement-breakpoint
CREATE TRIGGER customer_map_addresses_deleted AFTER DELETE ON consumer_addresses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_map_addresses_changed();
--> statement-breakpoint
CREATE TRIGGER customer_map_addresses_updated AFTER UPDATE ON consumer_addresses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_map_addresses_changed();
--> statement-breakpoint
CREATE TRIGGER customer_map_members_inserted AFTER INSERT ON members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_map_members_changed();
--> statement-breakpoint
CREATE TRIGGER customer_map_members_deleted AFTER DELETE ON members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_map_members_changed();
