-- Issue 14, point 4: the cms dashboard reads these counters, never the orders. Each holds, for the orders placed in one
-- Jakarta hour, how many are now in each status and the sum of their totals; the workflow's single writer and placing an
-- order move an order from one status's counter to the next in their own transaction (domains/orders/order-rollup.ts).
-- Per store (a store's filter and the top stores), and for all stores in 8 shards by order id, so the busiest row
-- (this hour's orders waiting for payment) takes an eighth of the traffic and a day of all stores is a few hundred rows.
CREATE TABLE order_rollup_hourly (
	store_id integer NOT NULL,
	hour timestamptz NOT NULL,
	status smallint NOT NULL,
	orders integer NOT NULL,
	amount bigint NOT NULL,
	PRIMARY KEY (store_id, hour, status)
);
--> statement-breakpoint
CREATE INDEX order_rollup_hourly_hour_idx ON order_rollup_hourly (hour, store_id);
--> statement-breakpoint
CREATE TABLE order_rollup_hourly_all (
	hour timestamptz NOT NULL,
	status smallint NOT NULL,
	shard smallint NOT NULL,
	orders integer NOT NULL,
	amount bigint NOT NULL,
	PRIMARY KEY (hour, status, shard)
);
--> statement-breakpoint
INSERT INTO order_rollup_hourly (store_id, hour, status, orders, amount)
	SELECT store_id, date_trunc('hour', created_at, 'Asia/Jakarta'), status, count(*), sum(total) FROM orders GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO order_rollup_hourly_all (hour, status, shard, orders, amount)
	SELECT date_trunc('hour', created_at, 'Asia/Jakarta'), status, id % 8, count(*), sum(total) FROM orders GROUP BY 1, 2, 3;
--> statement-breakpoint
-- The late orders: the orders in a working status by how long they have rested (a few thousand at most, whatever the
-- size of the table).
CREATE INDEX orders_working_idx ON orders (status, updated_at) WHERE status IN (200, 205, 201, 300, 301, 310, 410);
