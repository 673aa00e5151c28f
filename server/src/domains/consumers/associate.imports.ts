import { consumerImportsApi, EMPLOYEE_NO_PATTERN } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../../db/client.ts';
import { defineImport, existsIn } from '../../platform/imports/index.ts';

/**
 * The associate loyalty program's bulk upload on the shared import pipeline: one row per employee number, creating new
 * associates and updating existing ones (blank optional cells keep what is stored), all rows in one transaction.
 */
export const associateImport = defineImport(consumerImportsApi.associate, {
  sheet: 'Associates',
  templateName: 'template_associate',
  keyColumns: ['employee_no'],
  columns: [
    {
      key: 'employee_no',
      label: 'Employee No',
      required: true,
      max: 20,
      schema: z.string().transform((v) => v.toUpperCase()).pipe(z.string().regex(EMPLOYEE_NO_PATTERN, 'Employee number holds 3 to 20 letters, digits or dashes')),
      example: 'EMP-00123',
    },
    { key: 'name', label: 'Name', required: true, max: 120, example: 'Dewi Anggraini' },
    { key: 'email', label: 'E-mail', max: 200, schema: z.email('E-mail is not valid'), example: 'dewi.anggraini@tokosegar.co.id' },
    { key: 'store_code', label: 'Store Code', max: 10, example: 'S0001', help: 'The store the associate works at.' },
    { key: 'department', label: 'Department', max: 80, example: 'Fresh' },
    { key: 'position', label: 'Position', max: 80, example: 'Supervisor' },
    { key: 'monthly_quota', label: 'Monthly Quota', type: 'integer', required: true, schema: z.number().int().min(0).max(100_000_000, 'Monthly quota is at most Rp 100.000.000'), example: '500000', help: 'Staff discount per month, whole Rupiah.' },
    { key: 'joined_on', label: 'Joined On', type: 'date', required: true, example: '2024-03-01' },
    { key: 'status', label: 'Status', type: 'integer', schema: z.union([z.literal(1), z.literal(2)], { error: 'Status must be 1 (Active) or 2 (Inactive)' }), example: '1', help: '1 Active, 2 Inactive (blank: 1, or unchanged).' },
  ],
  references: [{ column: 'store_code', label: 'Store', check: existsIn('stores', 'code', { caseInsensitive: true }) }],
  commit: async (tx, { staged, actor, now }) => {
    // Existing employee numbers first (blank optional cells keep what is stored), then the new ones.
    const updated = await queryRows(
      tx,
      sql`update associates a set name = s.name, email = coalesce(lower(s.email), a.email), store_id = coalesce(st.id, a.store_id),
        department = coalesce(s.department, a.department), position = coalesce(s.position, a.position), monthly_quota = s.monthly_quota,
        joined_on = s.joined_on, status = coalesce(s.status, a.status), version = a.version + 1, updated_by = ${actor.userId}, updated_at = ${now}
      from ${staged} s left join stores st on lower(st.code) = lower(s.store_code)
      where a.employee_no = upper(s.employee_no) returning a.id`,
    );
    const inserted = await queryRows(
      tx,
      sql`insert into associates (employee_no, name, email, store_id, department, position, monthly_quota, joined_on, status, created_by, created_at, updated_by, updated_at)
      select upper(s.employee_no), s.name, lower(s.email), st.id, s.department, s.position, s.monthly_quota, s.joined_on, coalesce(s.status, 1),
        ${actor.userId}, ${now}, ${actor.userId}, ${now}
      from ${staged} s left join stores st on lower(st.code) = lower(s.store_code)
      where not exists (select 1 from associates a where a.employee_no = upper(s.employee_no)) returning id`,
    );
    return { inserted: inserted.length, updated: updated.length };
  },
});

/** The consumer domain's imports, for the pipeline's definitions. */
export const CONSUMER_IMPORTS = [associateImport] as const;
