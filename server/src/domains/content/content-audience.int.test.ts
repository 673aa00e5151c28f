import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useHarness } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';

const URL = '/api/v1/content-audience/estimate';

describe('estimated audience of a content targeting: active consumers reached', () => {
  const h = useHarness({}, { scale: 0.05 });
  let admin: string;
  let viewer: string;
  let agent: string;
  let nobody: string;
  let tagA: number;
  let tagB: number;

  const count = async (where: string) => Number((await queryRows<{ n: number }>(h.testDb.database.db, sql.raw(`select count(*)::int as n from consumers c where ${where}`)))[0]?.n);
  const estimate = async (body: unknown, token = admin) => {
    const res = await h.call('POST', URL, { token, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { consumers: number } }>().data.consumers;
  };

  beforeAll(async () => {
    [admin, viewer, agent, nobody] = (await Promise.all(['admin.cms', 'viewer', 'cs.agent', 'no.access'].map((u) => h.tokenOf(u)))) as [string, string, string, string];
    const db = h.testDb.database.db;
    // Two tags of this test only, and ten consumers of its own: active or not, in Bali (51) or nowhere, members or not.
    const tags = await queryRows<{ id: number }>(db, sql`insert into custom_consumer_tags (name, color) values ('Audience A', 'blue'), ('Audience B', 'red') returning id`);
    [tagA, tagB] = tags.map((t) => t.id) as [number, number];
    const people: { status: number; province: string | null; tags: number[]; member: boolean }[] = [
      { status: 1, province: '51', tags: [tagA], member: true },
      { status: 1, province: '51', tags: [tagA, tagB], member: false },
      { status: 1, province: null, tags: [tagA], member: true },
      { status: 1, province: null, tags: [tagB], member: false },
      { status: 1, province: '51', tags: [], member: true },
      { status: 2, province: '51', tags: [tagA], member: true },
      { status: 3, province: '51', tags: [tagA, tagB], member: true },
      { status: 2, province: null, tags: [tagB], member: false },
    ];
    for (const [i, p] of people.entries()) {
      const [c] = await queryRows<{ id: number }>(
        db,
        sql`insert into consumers (name, phone, gender, province_code, app_card_id, status)
            values (${`Audience ${i}`}, ${`62899000000${i}`}, 1, ${p.province}, ${`9990000000000${String(i).padStart(3, '0')}`}, ${p.status}) returning id`,
      );
      for (const tag of p.tags) await db.execute(sql`insert into consumer_tags (consumer_id, tag_id) values (${c!.id}, ${tag})`);
      if (p.member) await db.execute(sql`insert into members (consumer_id, member_no, joined_at) values (${c!.id}, ${`AUD-${i}`}, now())`);
    }
  });

  it('counts every active consumer for a non-targeted item, and the app members among them', async () => {
    const active = await count('c.status = 1');
    expect(active).toBeGreaterThan(5);
    expect(await estimate({})).toBe(active);
    expect(await estimate({ targeting: 2, member_scope: 0 })).toBe(active);
    const members = await count('c.status = 1 and exists (select 1 from members m where m.consumer_id = c.id)');
    expect(members).toBeLessThan(active);
    expect(await estimate({ targeting: 2, member_scope: 1 })).toBe(members);
  });

  it('counts active consumers having any chosen tag, locked and withdrawn ones left out', async () => {
    expect(await estimate({ targeting: 1, consumer_tag_ids: [tagA] })).toBe(3);
    expect(await estimate({ targeting: 1, consumer_tag_ids: [tagB] })).toBe(2);
    expect(await estimate({ targeting: 1, consumer_tag_ids: [tagA, tagB] })).toBe(4);
    expect(await estimate({ targeting: 1, consumer_tag_ids: [tagA, tagB], member_scope: 1 })).toBe(2);
  });

  it('counts active consumers living in any chosen province, and adds those of the chosen tags', async () => {
    const bali = await count(`c.status = 1 and c.province_code = '51'`);
    expect(await estimate({ targeting: 1, province_codes: ['51'] })).toBe(bali);
    const baliOrJakarta = await count(`c.status = 1 and c.province_code in ('51', '31')`);
    expect(await estimate({ targeting: 1, province_codes: ['31', '51'] })).toBe(baliOrJakarta);
    // Tag B adds its one active consumer outside Bali; the one in Bali is counted once.
    expect(await estimate({ targeting: 1, province_codes: ['51'], consumer_tag_ids: [tagB] })).toBe(bali + 1);
    const baliMembers = await count(`c.status = 1 and c.province_code = '51' and exists (select 1 from members m where m.consumer_id = c.id)`);
    expect(await estimate({ targeting: 1, province_codes: ['51'], consumer_tag_ids: [tagB], member_scope: 1 })).toBe(baliMembers);
  });

  it('answers to anyone who may view content, 401 without a session and 403 without a content right', async () => {
    expect(await estimate({}, viewer)).toBeGreaterThan(0);
    expect((await h.call('POST', URL, { body: {} })).statusCode).toBe(401);
    expect((await h.call('POST', URL, { token: agent, body: {} })).statusCode).toBe(403);
    expect((await h.call('POST', URL, { token: nobody, body: {} })).statusCode).toBe(403);
  });

  it('refuses a targeting that could not be saved with 400 on its field', async () => {
    const bad = async (body: unknown, path: string) => {
      const res = await h.call('POST', URL, { token: admin, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ details?: { path: string }[] }>().details?.map((d) => d.path)).toContain(path);
    };
    await bad({ targeting: 1 }, 'consumer_tag_ids');
    await bad({ targeting: 2, province_codes: ['51'] }, 'consumer_tag_ids');
    await bad({ targeting: 3 }, 'targeting');
    await bad({ member_scope: 2 }, 'member_scope');
    await bad({ targeting: 1, province_codes: ['Bali'] }, 'province_codes.0');
    await bad({ targeting: 1, consumer_tag_ids: ['x'] }, 'consumer_tag_ids.0');
    await bad({ targeting: 1, consumer_tag_ids: [tagA, tagA] }, 'consumer_tag_ids');
    await bad({ targeting: 2, title: 'x' }, 'body');
  });
});
