import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { placeDemoAddresses } from './demo-address-coordinates.ts';

/** Demo consumers at catalog scale 1; tests (scale 0.25) get a quarter. */
export const DEMO_CONSUMERS = 5_000;

// Common Indonesian given names and family names; faker is not installed, so a fixed list keeps the demo deterministic.
const MALE = ['Budi', 'Agus', 'Andi', 'Dedi', 'Eko', 'Fajar', 'Hendra', 'Irfan', 'Joko', 'Rizky', 'Wahyu', 'Yusuf', 'Arif', 'Bayu', 'Dimas', 'Galih', 'Hadi', 'Imam', 'Reza', 'Teguh'];
const FEMALE = ['Siti', 'Dewi', 'Rina', 'Putri', 'Ayu', 'Fitri', 'Indah', 'Lestari', 'Maya', 'Nur', 'Ratna', 'Sri', 'Wulan', 'Yuni', 'Anisa', 'Desi', 'Intan', 'Kartika', 'Melati', 'Sari'];
const FAMILY = ['Santoso', 'Wijaya', 'Saputra', 'Pratama', 'Hidayat', 'Kusuma', 'Setiawan', 'Nugroho', 'Susanto', 'Halim', 'Siregar', 'Nasution', 'Simanjuntak', 'Harahap', 'Lubis', 'Gunawan', 'Permana', 'Wibowo', 'Rahmawati', 'Purnama', 'Hakim', 'Utomo', 'Sitompul', 'Tanjung', 'Salim'];
const DOMAINS = ['gmail.com', 'yahoo.co.id', 'outlook.com', 'gmail.com', 'ymail.com'];
const STREETS = ['Jl. Merdeka', 'Jl. Sudirman', 'Jl. Diponegoro', 'Jl. Gajah Mada', 'Jl. Ahmad Yani', 'Jl. Pahlawan', 'Jl. Kenanga', 'Jl. Melati', 'Jl. Mawar', 'Jl. Anggrek'];

const textArray = (values: readonly string[]) => sql.raw(`(ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[])`);

/**
 * Demo consumers in a few set-based statements (generate_series, no row-by-row inserts): names from the lists above,
 * unique phones, e-mails and cards, a domicile and a delivery address in real villages (the regions are loaded first;
 * without them consumers get neither), tags, claimed coupons, point-of-sale sales, activity, loyalty memberships and the associates (staff),
 * whose staff purchases the tills send (demo-sales.ts). Every 50th consumer is locked,
 * every 97th withdrawn. The arithmetic is bigint, so the same statements seed the million consumers of the benchmark.
 */
export async function seedConsumers(db: Db, count = DEMO_CONSUMERS): Promise<void> {
  await db.transaction(async (tx) => {
    // Villages by their rank in code order, joined rather than read from an array (an array of every village, read once a row, is slow).
    await tx.execute(sql`
      with v as (select code, row_number() over (order by code) - 1 as n from villages),
      vk as (select nullif(count(*), 0) as k from villages),
      src as (
        select i, (i % 2) + 1 as gender,
          case when i % 2 = 0 then ${textArray(MALE)}[1 + (i / 2) % ${MALE.length}] else ${textArray(FEMALE)}[1 + (i / 2) % ${FEMALE.length}] end as given,
          ${textArray(FAMILY)}[1 + (i * 7) % ${FAMILY.length}] as family,
          v.code as village,
          '628' || (ARRAY['12','13','21','52','57','77','78','95','96','81'])[1 + i % 10] || lpad(((i::bigint * 7919) % 100000000)::text, 8, '0') as phone
        from generate_series(1, ${count}) i cross join vk left join v on v.n = (i::bigint * 7919) % vk.k
      ),
      ins as (
        insert into consumers (name, phone, email, gender, date_of_birth, province_code, regency_code, app_card_id, physical_card_id, status,
          email_verified_at, password_set_at, last_login_at, locked_at, withdrawn_at, created_at, updated_at)
        select given || ' ' || family, phone,
          case when i % 5 <> 4 then lower(given) || '.' || lower(family) || i || '@' || ${textArray(DOMAINS)}[1 + i % ${DOMAINS.length}] end,
          gender, date '1965-01-01' + (i * 37) % 14000,
          left(village, 2), left(village, 5),
          '8899' || lpad(i::text, 12, '0'),
          case when i % 3 = 0 then '7788' || lpad(((i::bigint * 104729) % 1000000000000)::text, 12, '0') end,
          case when i % 97 = 0 then 3 when i % 50 = 0 then 2 else 1 end,
          case when i % 5 not in (1, 4) then now() - (i % 700) * interval '1 day' end,
          case when i % 7 <> 3 then now() - (i % 700) * interval '1 day' end,
          now() - (i % 30) * interval '1 day' - (i % 1440) * interval '1 minute',
          case when i % 97 <> 0 and i % 50 = 0 then now() - (i % 20) * interval '1 day' end,
          case when i % 97 = 0 then now() - (i % 40) * interval '1 day' end,
          now() - interval '30 days' - (i % 900) * interval '1 day' - i * interval '1 second',
          now() - (i % 30) * interval '1 day'
        from src order by i
        returning id, phone, name
      )
      insert into consumer_addresses (consumer_id, label, recipient_name, recipient_phone, address_line, province_code, regency_code, district_code,
        village_code, postal_code, is_primary)
      select ins.id, 'Rumah', ins.name, ins.phone,
        ${textArray(STREETS)}[1 + src.i % ${STREETS.length}] || ' No. ' || (1 + src.i % 120) || ', RT ' || lpad((1 + src.i % 9)::text, 3, '0') || '/RW ' || lpad((1 + src.i % 12)::text, 3, '0'),
        left(src.village, 2), left(src.village, 5), left(src.village, 8), src.village, lpad((10000 + (src.i * 37) % 89999)::text, 5, '0'), true
      from ins join src on src.phone = ins.phone
      where src.village is not null`);

    // A second address (the office) for every fourth consumer, in another village of the same district.
    await tx.execute(sql`insert into consumer_addresses (consumer_id, label, recipient_name, recipient_phone, address_line, province_code, regency_code,
        district_code, village_code, postal_code, is_primary)
      select a.consumer_id, 'Kantor', a.recipient_name, a.recipient_phone, 'Gedung Perkantoran Lt. ' || (1 + a.consumer_id % 12), a.province_code, a.regency_code,
        a.district_code, a.village_code, a.postal_code, false
      from consumer_addresses a where a.consumer_id % 4 = 0 and a.is_primary`);
    // Each address near its regency's centre, for the thematic customer map.
    await placeDemoAddresses(tx);

    await tx.execute(sql`insert into consumer_tags (consumer_id, tag_id)
      select c.id, t.id from consumers c join (select id, row_number() over (order by id) as n, count(*) over () as k from custom_consumer_tags) t
        on c.id % 4 = 0 and t.n = 1 + (c.id / 4) % t.k`);

    await tx.execute(sql`
      with s as (select array_agg(id order by id) as ids from stores)
      insert into pos_sales (consumer_id, store_id, receipt_no, total, item_count, stamps_earned, at)
      select c.id, s.ids[1 + (c.id + g) % cardinality(s.ids)], 'POS-' || c.id || '-' || g, 25000 + ((c.id::bigint * g * 7919) % 5000) * 100, 1 + (c.id * g) % 24,
        (25000 + ((c.id::bigint * g * 7919) % 5000) * 100) / 50000, c.created_at + (now() - c.created_at) * (g / 5.0) - interval '1 hour'
      from consumers c cross join s cross join lateral generate_series(1, c.id % 5) g`);

    await tx.execute(sql`
      with s as (select array_agg(id order by id) as ids from stores)
      insert into consumer_coupons (consumer_id, coupon_code, name, reward_name, description, status, stamps_used, claimed_at, redeemed_at, expires_at, store_id, pos_receipt_no)
      select c.id, 'CPN-' || lpad(c.id::text, 7, '0') || '-' || g,
        (ARRAY['Diskon Rp10.000 Belanja Sembako', 'Gratis Minyak Goreng 1 L', 'Potongan 15% Susu UHT', 'Voucher Rp25.000'])[1 + (c.id + g) % 4],
        (ARRAY['Sembako Hemat', 'Minyak Goreng', 'Susu UHT', 'Voucher Belanja'])[1 + (c.id + g) % 4],
        'Ditukar dengan stempel di aplikasi', 1 + (c.id + g) % 4, 5 + (c.id % 3) * 5,
        c.created_at + (now() - c.created_at) * (g / 3.0),
        case when 1 + (c.id + g) % 4 = 4 then c.created_at + (now() - c.created_at) * (g / 3.0 + 0.1) end,
        -- An active claim ends in the future and an expired one in the past, as the daily expiry job would leave them.
        case 1 + (c.id + g) % 4
          when 1 then greatest(c.created_at + (now() - c.created_at) * (g / 3.0) + interval '30 days', now() + (1 + c.id % 20) * interval '1 day')
          when 3 then least(c.created_at + (now() - c.created_at) * (g / 3.0) + interval '30 days', now() - interval '1 hour')
          else c.created_at + (now() - c.created_at) * (g / 3.0) + interval '30 days' end,
        case when 1 + (c.id + g) % 4 = 4 then s.ids[1 + c.id % cardinality(s.ids)] end,
        case when 1 + (c.id + g) % 4 = 4 then 'POS-' || c.id || '-C' || g end
      from consumers c cross join s cross join lateral generate_series(1, case when c.id % 3 = 0 then 2 else 0 end) g`);

    // Two in three consumers are loyalty members; every fourth member's data is checked, every 40th consumer is staff.
    await tx.execute(sql`
      with s as (select array_agg(id order by id) as ids from stores)
      insert into members (consumer_id, member_no, tier, is_check, employee_no, home_store_id, joined_at, created_at, updated_at)
      select c.id, '7001' || lpad(c.id::text, 10, '0'), case when c.id % 10 = 9 then 3 when c.id % 10 >= 6 then 2 else 1 end, c.id % 4 = 0,
        case when c.id % 40 = 0 then 'EMP-' || lpad((c.id / 40)::text, 5, '0') end, s.ids[1 + c.id % cardinality(s.ids)],
        c.created_at + interval '1 day', c.created_at, c.created_at
      from consumers c cross join s where c.id % 3 <> 2 order by c.id`);

    // Associates: the members who are staff, and as many again without an app account. Their staff purchases come
    // from the stores' tills (demo-sales.ts), as the POS sends them.
    await tx.execute(sql`
      with s as (select array_agg(id order by id) as ids from stores),
      staff as (
        select m.employee_no, c.name, c.email, c.created_at from members m join consumers c on c.id = m.consumer_id where m.employee_no is not null
        union all
        select 'EMP-' || (90000 + g), ${textArray(FEMALE)}[1 + g % ${FEMALE.length}] || ' ' || ${textArray(FAMILY)}[1 + (g * 3) % ${FAMILY.length}],
          null, now() - g * interval '11 days'
        from generate_series(1, greatest(1, ${Math.round(count / 40)})) g
      )
      insert into associates (employee_no, name, email, store_id, department, position, monthly_quota, joined_on, status, created_at, updated_at)
      select st.employee_no, st.name, st.email, s.ids[1 + abs(hashtext(st.employee_no)) % cardinality(s.ids)],
        (ARRAY['Fresh', 'Grocery', 'Kasir', 'Gudang', 'Kantor Pusat'])[1 + abs(hashtext(st.employee_no)) % 5],
        (ARRAY['Staf', 'Supervisor', 'Kepala Toko', 'Staf'])[1 + abs(hashtext(st.name)) % 4],
        (ARRAY[300000, 500000, 750000, 1000000])[1 + abs(hashtext(st.name)) % 4], (st.created_at - interval '2 years')::date,
        case when abs(hashtext(st.employee_no)) % 15 = 0 then 2 else 1 end, st.created_at, st.created_at
      from staff st cross join s order by st.employee_no`);

    await tx.execute(sql`insert into consumer_activity (consumer_id, activity, description, platform, at)
      select id, 'register', 'Registered in the app', (ARRAY['android', 'ios'])[1 + id % 2], created_at from consumers
      union all
      select id, 'login', 'Signed in to the app', (ARRAY['android', 'ios'])[1 + id % 2], last_login_at from consumers where last_login_at is not null`);
  });
}
