import { MENU, PERSONAL_DATA_ENTRY, type Action } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { hashSecret } from '../platform/tokens.ts';

export const DEMO_PASSWORD = 'Demo@12345';

const cmsEntries = MENU.filter((e) => e.area === 'cms' && !e.superOnly);
const CONSUMER_GROUP = ['cms.consumer', 'cms.consumer-personal-data', 'cms.help-center', 'cms.faq', 'cms.chatlive', 'cms.chatbot', 'cms.rating'];

const grantsOf = (entries: typeof MENU, only?: Action) => entries.flatMap((e) => (only ? [{ entry: e.key, action: only }] : e.actions.map((action) => ({ entry: e.key, action }))));

/** The demo roles and users of the README, all with the demo-only password. */
export const DEMO_ROLES = [
  { name: 'Super Admin', description: 'Full access; signs in with an e-mailed code', isSuper: true, grants: [], user: { username: 'superadmin', email: 'superadmin@demo.local', name: 'Siti Rahmawati' } },
  { name: 'CMS Admin', description: 'Every CMS entry, every action', isSuper: false, grants: grantsOf(cmsEntries), user: { username: 'admin.cms', email: 'admin.cms@demo.local', name: 'Budi Santoso' } },
  {
    name: 'Customer Service',
    description: 'Consumers, help center, FAQ, live chat, message templates and ratings',
    isSuper: false,
    grants: grantsOf(MENU.filter((e) => CONSUMER_GROUP.includes(e.key))),
    user: { username: 'cs.agent', email: 'cs.agent@demo.local', name: 'Dewi Lestari' },
  },
  { name: 'Viewer', description: 'View only, every CMS entry; consumers\' phone and e-mail masked', isSuper: false, grants: grantsOf(cmsEntries.filter((e) => e.key !== PERSONAL_DATA_ENTRY), 'view'), user: { username: 'viewer', email: 'viewer@demo.local', name: 'Agus Pratama' } },
  { name: 'Analyst', description: 'Every dashboard and report of Reports & Analytics, with export', isSuper: false, grants: grantsOf(MENU.filter((e) => e.area === 'pandora' && !e.superOnly)), user: { username: 'analyst', email: 'analyst@demo.local', name: 'Putri Handayani' } },
  { name: 'No Access', description: 'A role with no permissions', isSuper: false, grants: [], user: { username: 'no.access', email: 'no.access@demo.local', name: 'Rina Wijaya' } },
] as const;

const TERMS = `<p>Dengan menggunakan aplikasi loyalitas dan belanja online kami, Anda menyetujui syarat berikut.</p>
<ol><li>Keanggotaan bersifat pribadi dan tidak dapat dipindahtangankan.</li><li>Stempel dan kupon berlaku sesuai periode program.</li><li>Kami dapat mengubah ketentuan ini dengan pemberitahuan di aplikasi.</li></ol>`;
const TERMS_EN = `<p>By using our loyalty and online shopping app you agree to the following terms.</p>
<ol><li>Membership is personal and cannot be transferred.</li><li>Stamps and coupons are valid for the programme period.</li><li>We may change these terms with notice in the app.</li></ol>`;
const PRIVACY = `<p>Kami menyimpan nama, nomor telepon, e-mail dan riwayat belanja Anda untuk menjalankan program loyalitas.</p><p>Data tidak dijual kepada pihak ketiga.</p>`;
const PRIVACY_EN = `<p>We keep your name, phone number, e-mail and purchase history to run the loyalty programme.</p><p>Your data is never sold to third parties.</p>`;

export async function seedIdentity(db: Db, now = new Date()): Promise<void> {
  const passwordHash = await hashSecret(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    for (const r of DEMO_ROLES) {
      const [role] = await queryRows<{ id: number }>(
        tx,
        sql`insert into roles (name, description, is_super, created_at, updated_at) values (${r.name}, ${r.description}, ${r.isSuper}, ${now}, ${now}) returning id`,
      );
      const grants: readonly { entry: string; action: Action }[] = r.grants;
      if (grants.length) {
        await tx.execute(sql`insert into role_permissions (role_id, entry, action) values ${sql.join(grants.map((g) => sql`(${role!.id}, ${g.entry}, ${g.action})`), sql`, `)}`);
      }
      await tx.execute(
        sql`insert into users (username, email, name, role_id, password_hash, created_at, updated_at)
            values (${r.user.username}, ${r.user.email}, ${r.user.name}, ${role!.id}, ${passwordHash}, ${now}, ${now})`,
      );
    }
    const docs = [
      { kind: 'terms', language: 'id', title: 'Syarat dan Ketentuan', bodyHtml: TERMS },
      { kind: 'terms', language: 'en', title: 'Terms and Conditions', bodyHtml: TERMS_EN },
      { kind: 'privacy', language: 'id', title: 'Kebijakan Privasi', bodyHtml: PRIVACY },
      { kind: 'privacy', language: 'en', title: 'Privacy Policy', bodyHtml: PRIVACY_EN },
    ];
    for (const variant of ['consumer', 'voucher-partner']) {
      await tx.execute(sql`insert into legal_documents (kind, variant, language, title, body_html, published_at, created_at, updated_at)
        values ${sql.join(docs.map((d) => sql`(${d.kind}, ${variant}, ${d.language}, ${d.title}, ${d.bodyHtml}, ${now}, ${now}, ${now})`), sql`, `)}`);
    }
  });
}
