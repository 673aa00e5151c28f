import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';

const MAILBOX = '/api/v1/dev/mailbox';

describe('platform in development', () => {
  const h = useHarness();

  it('tells the web app its environment before sign-in', async () => {
    const res = await h.call('GET', '/api/v1/meta');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Success',
      data: { app_env: 'development', idle_timeout_seconds: 1800, otp_ttl_seconds: 300, otp_resend_seconds: 60, mailbox: true },
    });
  });

  it('publishes an OpenAPI 3 document that lists the auth paths and every registered route', async () => {
    const res = await h.call('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; info: { title: string }; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Loyalty Portal API');
    for (const path of ['auth/sign-in', 'auth/sign-in-verification', 'auth/forgot-password', 'auth/sign-out', 'auth/idle', 'user/reset-password']) {
      expect(Object.keys(doc.paths), path).toContain(`/api/v1/${path}`);
    }
    expect(doc.paths['/api/v1/auth/sign-in']).toHaveProperty('post');
    expect(doc.paths['/api/v1/auth/sign-out']).toHaveProperty('delete');
    for (const route of h.routes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path], `${route.method} ${path}`).toHaveProperty(route.method.toLowerCase());
    }
    const signIn = doc.paths['/api/v1/auth/sign-in']!.post as { requestBody?: { content: Record<string, { schema: { properties: object } }> } };
    expect(Object.keys(signIn.requestBody!.content['application/json']!.schema.properties).sort()).toEqual(['password', 'second_factor', 'username']);
    expect((await h.call('GET', '/api/docs')).statusCode).toBeLessThan(400);
  });

  it('shows the outbox newest first with to, subject, text, html and created_at', async () => {
    expect((await h.call('POST', '/api/v1/auth/forgot-password', { body: { identifier: 'viewer' } })).statusCode).toBe(200);
    expect((await h.call('POST', '/api/v1/auth/forgot-password', { body: { identifier: 'cs.agent' } })).statusCode).toBe(200);
    const res = await h.call('GET', MAILBOX);
    expect(res.statusCode).toBe(200);
    const items = res.json().data as { id: number; to: string; subject: string; text: string; html: string; created_at: string }[];
    expect(items.slice(0, 2).map((m) => m.to)).toEqual(['cs.agent@demo.local', 'viewer@demo.local']);
    expect(items[0]!.id).toBeGreaterThan(items[1]!.id);
    const first = items[0]!;
    expect(Object.keys(first).sort()).toEqual(['created_at', 'html', 'id', 'subject', 'text', 'to']);
    expect(first.subject).toBe('Reset your Loyalty Portal password');
    expect(first.text).toContain('/reset-password?token=');
    expect(first.html).toMatch(/^<div/);
    expect(first.html).toContain('href="http://localhost:3000/reset-password?token=');
    expect(new Date(first.created_at).toISOString()).toBe(first.created_at);
  });

  it('serves the outbox as an HTML page, escaping what the mails carry', async () => {
    const admin = await h.tokenOf('admin.cms');
    const roleId = (await h.call('GET', '/api/v1/user/profile', { token: admin })).json().data.role.id;
    const created = await h.call('POST', '/api/v1/user', {
      token: admin,
      body: { username: 'xss.name', email: 'xss.name@staff.local', name: '<img src=x onerror=alert(1)>', role_id: roleId, password: 'Staff@12345' },
    });
    expect(created.statusCode).toBe(200);
    expect((await h.call('POST', '/api/v1/auth/forgot-password', { body: { identifier: 'xss.name' } })).statusCode).toBe(200);
    const page = await h.call('GET', '/dev/mailbox');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<h1>Development mailbox</h1>');
    expect(page.body).toContain('Reset your Loyalty Portal password');
    expect(page.body).toContain('xss.name@staff.local');
    expect(page.body).toMatch(/<a href="http:\/\/localhost:3000\/reset-password\?token=[^"]+">/);
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).toContain('&#60;img src=x onerror=alert(1)&#62;');
    // Newest first on the page too.
    expect(page.body.indexOf('xss.name@staff.local')).toBeLessThan(page.body.indexOf('cs.agent@demo.local'));
  });

  it('serves the published terms and privacy texts per variant and language', async () => {
    for (const variant of ['consumer', 'voucher-partner']) {
      const terms = await h.call('GET', `/api/v1/public/legal/terms?variant=${variant}&language=en`);
      expect(terms.statusCode).toBe(200);
      expect(terms.json().data).toMatchObject({ kind: 'terms', variant, language: 'en', title: 'Terms and Conditions' });
      expect(terms.json().data.body_html).toContain('Membership is personal and cannot be transferred.');
      const privacy = await h.call('GET', `/api/v1/public/legal/privacy?variant=${variant}&language=id`);
      expect(privacy.json().data).toMatchObject({ kind: 'privacy', variant, language: 'id', title: 'Kebijakan Privasi' });
      expect(privacy.json().data.body_html).toContain('Data tidak dijual');
    }
    // Defaults: consumer, Indonesian.
    expect((await h.call('GET', '/api/v1/public/legal/terms')).json().data).toMatchObject({ variant: 'consumer', language: 'id', title: 'Syarat dan Ketentuan' });
    const published = (await h.call('GET', '/api/v1/public/legal/terms')).json().data.published_at;
    expect(new Date(published).getTime()).toBeLessThanOrEqual(h.clock.now().getTime());
  });

  it('falls back to the other language when a text exists in one only', async () => {
    const db = h.testDb.database.db;
    await db.execute(sql`delete from legal_documents where kind = 'privacy' and variant = 'voucher-partner' and language = 'en'`);
    const res = await h.call('GET', '/api/v1/public/legal/privacy?variant=voucher-partner&language=en');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ kind: 'privacy', variant: 'voucher-partner', language: 'id', title: 'Kebijakan Privasi' });
    // The consumer variant still has its English text.
    expect((await h.call('GET', '/api/v1/public/legal/privacy?variant=consumer&language=en')).json().data.language).toBe('en');
    await db.execute(sql`delete from legal_documents where kind = 'privacy' and variant = 'voucher-partner'`);
    expect((await h.call('GET', '/api/v1/public/legal/privacy?variant=voucher-partner&language=en')).statusCode).toBe(404);
  });

  it('shows a newer text only once its publication time has come', async () => {
    const db = h.testDb.database.db;
    const now = h.clock.now();
    const at = new Date(now.getTime() + 60 * 60_000);
    await db.execute(sql`insert into legal_documents (kind, variant, language, title, body_html, published_at, created_at, updated_at)
      values ('terms', 'consumer', 'en', 'Terms v2', '<p>v2</p>', ${at}, ${now}, ${now})`);
    expect((await h.call('GET', '/api/v1/public/legal/terms?language=en')).json().data.title).toBe('Terms and Conditions');
    h.clock.advance(60 * 60_000 + 1);
    const res = (await h.call('GET', '/api/v1/public/legal/terms?language=en')).json().data;
    expect(res).toMatchObject({ title: 'Terms v2', published_at: at.toISOString() });
  });

  it('refuses an unknown kind, variant or language with 400', async () => {
    for (const url of ['/api/v1/public/legal/cookies', '/api/v1/public/legal/terms?variant=partner', '/api/v1/public/legal/terms?language=fr', '/api/v1/public/legal/terms?extra=1']) {
      expect((await h.call('GET', url)).statusCode, url).toBe(400);
    }
  });
});

describe('platform in production', () => {
  const h = useHarness({ APP_ENV: 'production' });

  it('has no mailbox, neither the API nor the page, and says so in meta', async () => {
    expect((await h.call('GET', MAILBOX)).statusCode).toBe(404);
    expect((await h.call('GET', '/dev/mailbox')).statusCode).toBe(404);
    expect(h.routes.some((r) => r.url === MAILBOX)).toBe(false);
    expect((await h.call('GET', '/api/v1/meta')).json().data).toMatchObject({ app_env: 'production', mailbox: false });
  });

  it('does not publish the API reference', async () => {
    expect((await h.call('GET', '/api/docs')).statusCode).toBe(404);
    expect((await h.call('GET', '/api/docs/json')).statusCode).toBe(404);
  });

  it('answers 404 for a staging/uat-only feature, even to a Super Admin, while the shared approval screens stay', async () => {
    const su = await h.tokenOf('superadmin');
    const res = await h.call('GET', '/api/v1/banner-digital-products', { token: su });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This feature is not available in this environment');
    expect((await h.call('GET', '/api/v1/banner-digital-products')).statusCode).toBe(404);
    expect((await h.call('GET', '/api/v1/banners', { token: su })).statusCode).toBe(200);
  });
});

describe('platform in staging', () => {
  const h = useHarness({ APP_ENV: 'staging' });

  it('serves the staging/uat-only features, and has no mailbox (demo codes never leave a development machine)', async () => {
    const admin = await h.tokenOf('admin.cms');
    expect((await h.call('GET', '/api/v1/banner-digital-products', { token: admin })).statusCode).toBe(200);
    expect((await h.call('GET', MAILBOX)).statusCode).toBe(404);
    expect((await h.call('GET', '/dev/mailbox')).statusCode).toBe(404);
  });
});

describe('the development mailbox', () => {
  const h = useHarness();

  it('answers only a browser on this machine, never a forwarded request', async () => {
    for (const url of [MAILBOX, '/dev/mailbox']) {
      expect((await h.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })).statusCode, url).toBe(200);
      expect((await h.app.inject({ method: 'GET', url, remoteAddress: '::1' })).statusCode, url).toBe(200);
      expect((await h.app.inject({ method: 'GET', url, remoteAddress: '192.168.1.20' })).statusCode, url).toBe(404);
      expect((await h.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode, url).toBe(404);
    }
  });
});

describe('behind one proxy', () => {
  const h = useHarness({ TRUST_PROXY: 1, AUTH_RATE_LIMIT: 3 });
  const signIn = (forwardedFor: string) =>
    h.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', remoteAddress: '10.9.9.9', headers: { 'x-forwarded-for': forwardedFor }, payload: { username: 'viewer', password: 'Wrong@Pass1' } });

  it('takes the address the proxy saw, so rotating what the client wrote buys no fresh budget', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await signIn(`6.6.6.${i}, 198.51.100.7`)).statusCode);
    expect(answers).toEqual([401, 401, 401, 429]);
    expect((await signIn('198.51.100.8')).statusCode).toBe(401);
  });

  it('keys an IPv6 client by its /64', async () => {
    const answers = [];
    for (let i = 1; i <= 4; i++) answers.push((await signIn(`2001:db8:aa:bb::${i}`)).statusCode);
    expect(answers).toEqual([401, 401, 401, 429]);
  });
});

describe('platform with SMTP', () => {
  const h = useHarness({ SMTP_URL: 'smtp://127.0.0.1:2525' });

  it('has no mailbox when mail goes out over SMTP', async () => {
    expect((await h.call('GET', MAILBOX)).statusCode).toBe(404);
    expect((await h.call('GET', '/dev/mailbox')).statusCode).toBe(404);
    expect(h.services.mailer.outbox()).toBeNull();
    expect((await h.call('GET', '/api/v1/meta')).json().data).toMatchObject({ app_env: 'development', mailbox: false });
  });
});
