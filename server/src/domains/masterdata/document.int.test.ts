import { beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRow, DocumentVersionRow } from '@portal/contract';
import { useHarness } from '../../../test/harness.ts';

interface List<T> {
  data: T[];
  meta: { page: number; limit: number; total: number };
}
interface ErrorBody {
  error: string;
  message: string;
  details?: { path: string; message: string }[];
}

const DIRTY = `<h2 onclick="steal()">Ketentuan</h2>
<script>alert(1)</script>
<p style="color:red">Belanja <strong>hemat</strong>, <em>cepat</em> dan <u>mudah</u>. <img src=x onerror="alert(2)"></p>
<p><a href="javascript:alert(3)">bad link</a> <a href="https://example.com/syarat" target="_blank" onmouseover="x()">good link</a> <a href="mailto:cs@demo.local">mail</a></p>
<iframe src="https://evil.example"></iframe>
<ol start="3"><li>tiga</li><li>empat</li></ol>
<ul><li>satu</li></ul>
<table><thead><tr><th>Poin</th></tr></thead><tbody><tr><td style="width:9px">10</td></tr></tbody></table>`;

describe('rich-text documents: privacy policy, terms, how-to-redeem and setting-app', () => {
  const h = useHarness({}, { regions: false });
  let admin: string;
  let viewer: string;
  let cs: string;

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    viewer = await h.tokenOf('viewer');
    cs = await h.tokenOf('cs.agent');
  });

  const ok = async <T>(method: string, url: string, body?: unknown, token = admin): Promise<T> => {
    const res = await h.call(method, url, { token, body });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const fails = async (status: number, method: string, url: string, body?: unknown, token = admin): Promise<ErrorBody> => {
    const res = await h.call(method, url, { token, body });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json<ErrorBody>();
  };
  const publicText = async (path: string) => (await h.call('GET', path)).json<{ data: { title: string; body_html: string; published_at: string } }>().data;

  it('opens with the published text as the starting draft (version 0) before anything is saved', async () => {
    const doc = await ok<DocumentRow>('GET', '/api/v1/term-condition?language_type=en', undefined, viewer);
    expect(doc).toMatchObject({ id: 'consumer.en', kind: 'terms', variant: 'consumer', language_type: 'en', title: 'Terms and Conditions', version: 0, status: 'published' });
    expect(doc.body_html).toContain('<ol>');
    expect(doc.published?.title).toBe('Terms and Conditions');
    // Defaults: the consumer variant in Indonesian.
    expect(await ok<DocumentRow>('GET', '/api/v1/term-condition')).toMatchObject({ variant: 'consumer', language_type: 'id', title: 'Syarat dan Ketentuan' });
  });

  it('sanitises on save: scripts, event handlers, javascript: links, iframes and styles go; structure stays', async () => {
    const saved = await ok<DocumentRow>('PUT', '/api/v1/privacy-policy?variant=voucher-partner&language_type=id', { title: 'Kebijakan Privasi Mitra', body_html: DIRTY, version: 0 });
    const html = saved.body_html;
    for (const gone of ['<script', 'alert(1)', 'onclick', 'onerror', 'onmouseover', 'javascript:', '<iframe', 'evil.example', 'style=', '<img']) expect(html, gone).not.toContain(gone);
    for (const kept of ['<h2>Ketentuan</h2>', '<strong>hemat</strong>', '<em>cepat</em>', '<u>mudah</u>', '<ol start="3">', '<ul><li>satu</li></ul>', '<th>Poin</th>', '<td>10</td>']) {
      expect(html, kept).toContain(kept);
    }
    expect(html).toContain('<a rel="noopener noreferrer" href="https://example.com/syarat" target="_blank">good link</a>');
    expect(html).toContain('<a rel="noopener noreferrer" href="mailto:cs@demo.local">mail</a>');
    expect(html).toContain('<p>bad link <a');
    expect(saved).toMatchObject({ version: 1, status: 'changed', updated_by_name: 'Budi Santoso' });
    // Read back, it is what was stored.
    expect((await ok<DocumentRow>('GET', '/api/v1/privacy-policy?variant=voucher-partner&language_type=id')).body_html).toBe(html);
    // The preview answers exactly what saving stores.
    expect((await ok<{ html: string }>('POST', '/api/v1/rich-text/preview', { html: DIRTY })).html).toBe(html);
  });

  it('refuses a numbered list starting below 1, an empty text and unknown fields', async () => {
    for (const start of ['0', '-2']) {
      const res = await fails(400, 'PUT', '/api/v1/how-to-redeem?language_type=en', { title: 'How', body_html: `<ol start="${start}"><li>x</li></ol>`, version: 0 });
      expect(res.details?.[0]).toEqual({ path: 'body_html', message: 'Start index must be greater than 0.' });
    }
    const empty = await fails(400, 'PUT', '/api/v1/how-to-redeem?language_type=en', { title: 'How', body_html: '<script>alert(1)</script><p> </p>', version: 0 });
    expect(empty.details?.[0]).toEqual({ path: 'body_html', message: 'Content is required' });
    await fails(400, 'PUT', '/api/v1/how-to-redeem?language_type=en', { title: '', body_html: '<p>x</p>', version: 0 });
    await fails(400, 'PUT', '/api/v1/how-to-redeem?language_type=en', { title: 'How', body_html: '<p>x</p>', version: 0, published_at: '2020-01-01' });
    await fails(400, 'PUT', '/api/v1/how-to-redeem?language_type=fr', { title: 'How', body_html: '<p>x</p>', version: 0 });
    // How-to-redeem has one variant: asking for another is a bad request, not a silent fallback.
    await fails(400, 'GET', '/api/v1/how-to-redeem?variant=voucher-partner');
  });

  it('saves drafts with their version: a stale draft answers 409 naming who saved last', async () => {
    const url = '/api/v1/setting-app?language_type=en';
    const first = await ok<DocumentRow>('PUT', url, { title: 'About', body_html: '<p>One</p>', version: 0 });
    expect(first.version).toBe(1);
    const root = await h.tokenOf('superadmin');
    await ok('PUT', url, { title: 'About', body_html: '<p>Two</p>', version: 1 }, root);
    const stale = await fails(409, 'PUT', url, { title: 'About', body_html: '<p>Three</p>', version: 1 });
    expect(stale.message).toContain('Siti Rahmawati');
    // A second "first draft" is stale too.
    await fails(409, 'PUT', url, { title: 'About', body_html: '<p>Four</p>', version: 0 });
    const now = await ok<DocumentRow>('GET', url);
    expect(now).toMatchObject({ body_html: '<p>Two</p>', version: 2 });
    // Other languages are other documents.
    expect((await ok<DocumentRow>('GET', '/api/v1/setting-app?language_type=id')).version).toBe(0);
  });

  it('publishes the draft as a new version: the public page shows it, the old one stays in the history', async () => {
    const url = '/api/v1/term-condition?variant=consumer&language_type=en';
    const before = await publicText('/api/v1/public/legal/terms?variant=consumer&language=en');
    expect(before.title).toBe('Terms and Conditions');
    await fails(409, 'POST', `${url.replace('?', '/publish?')}`, { version: 1 }); // no draft yet

    const draft = await ok<DocumentRow>('PUT', url, { title: 'Terms v2', body_html: '<h2>New terms</h2><ol start="2"><li>Two</li></ol>', version: 0 });
    // Saving is not publishing.
    expect((await publicText('/api/v1/public/legal/terms?variant=consumer&language=en')).title).toBe('Terms and Conditions');
    await fails(403, 'POST', '/api/v1/term-condition/publish?language_type=en', { version: draft.version }, viewer);
    await fails(409, 'POST', '/api/v1/term-condition/publish?language_type=en', { version: draft.version + 1 });
    await fails(400, 'POST', '/api/v1/term-condition/publish?language_type=en', { version: 0 });

    h.clock.advance(60_000);
    const published = await ok<DocumentRow>('POST', '/api/v1/term-condition/publish?language_type=en', { version: draft.version });
    expect(published).toMatchObject({ status: 'published', version: draft.version, published: { title: 'Terms v2', published_by_name: 'Budi Santoso' } });
    const live = await publicText('/api/v1/public/legal/terms?variant=consumer&language=en');
    expect(live).toMatchObject({ title: 'Terms v2', body_html: '<h2>New terms</h2><ol start="2"><li>Two</li></ol>' });
    // Other variants and languages are untouched.
    expect((await publicText('/api/v1/public/legal/terms?variant=voucher-partner&language=en')).title).toBe('Terms and Conditions');
    expect((await publicText('/api/v1/public/legal/terms?variant=consumer&language=id')).title).toBe('Syarat dan Ketentuan');

    await fails(409, 'POST', '/api/v1/term-condition/publish?language_type=en', { version: draft.version });

    const history = await ok<List<DocumentVersionRow>>('GET', '/api/v1/term-condition/versions?language_type=en', undefined, viewer);
    expect(history.data.map((v) => v.title)).toEqual(['Terms v2', 'Terms and Conditions']);
    expect(history.meta.total).toBe(2);
    const old = await ok<DocumentVersionRow>('GET', `/api/v1/term-condition/versions/${history.data[1]!.id}`);
    expect(old.body_html).toBe(before.body_html);
    // A version of another kind is not found under this one.
    await fails(404, 'GET', `/api/v1/privacy-policy/versions/${history.data[0]!.id}`);

    const log = (await ok<List<{ action: string; entity: string; entity_id: string }>>('GET', '/api/v1/log-history?entity=term-condition&limit=20', undefined, await h.tokenOf('superadmin'))).data;
    expect(log.map((e) => e.action)).toEqual(['publish', 'update']);
    expect(log[0]?.entity_id).toBe('consumer.en');

    // Editing again shows "changed" until the next publish.
    const again = await ok<DocumentRow>('PUT', url, { title: 'Terms v3', body_html: '<p>Three</p>', version: published.version });
    expect(again.status).toBe('changed');
    expect(again.published?.title).toBe('Terms v2');
  });

  it('serves how-to-redeem and the about text publicly once published', async () => {
    expect((await publicText('/api/v1/public/legal/how-to-redeem?language=id')).title).toBe('Cara Penukaran Stempel');
    const draft = await ok<DocumentRow>('PUT', '/api/v1/how-to-redeem?language_type=id', { title: 'Cara Tukar', body_html: '<p>Baru</p>', version: 0 });
    h.clock.advance(60_000);
    await ok('POST', '/api/v1/how-to-redeem/publish?language_type=id', { version: draft.version });
    expect((await publicText('/api/v1/public/legal/how-to-redeem?language=id')).title).toBe('Cara Tukar');
  });

  it('lets a viewer read, not write; keeps customer service out', async () => {
    await ok('GET', '/api/v1/privacy-policy', undefined, viewer);
    await ok('GET', '/api/v1/privacy-policy/versions', undefined, viewer);
    await fails(403, 'PUT', '/api/v1/privacy-policy', { title: 'x', body_html: '<p>x</p>', version: 0 }, viewer);
    await fails(403, 'POST', '/api/v1/rich-text/preview', { html: '<p>x</p>' }, viewer);
    for (const path of ['privacy-policy', 'term-condition', 'how-to-redeem', 'setting-app']) await fails(403, 'GET', `/api/v1/${path}`, undefined, cs);
    await fails(401, 'GET', '/api/v1/privacy-policy', undefined, '');
  });
});
