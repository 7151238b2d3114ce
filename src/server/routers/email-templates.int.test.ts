import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTemplates, organizations, outbox } from '../../db/schema';
import { EMAIL_TEMPLATE_CATEGORIES, emailTemplateMessages as m } from '../../shared/schemas/email-template';
import { SAMPLE_TEMPLATE_DATA } from '../../shared/template-variables';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { parseMail } from '../../test/mime';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { createSignedInUser } from '../../test/users';
import { htmlProblems, XSS_CORPUS } from '../../test/xss-corpus';
import { DEFAULT_TEMPLATES } from '../services/mail/default-templates';
import { emailTemplateServiceMessages, TEST_MAIL_LIMIT } from '../services/mail/email-templates';
import { createMailer, createSmtpMailer } from '../services/mail/mailer';

const log = pino({ level: 'silent' });
const MAIL_FROM = 'Inkooporders <no-reply@inkooporders.test>';

const template = {
  name: 'Order versturen',
  subject: 'Order {{ order.orderNumber }} van {{user.company}}',
  content: '<p>Beste {{customer.name}},</p><p>Totaal: {{order.total}}</p>',
};

let database: TestDatabase;
let sink: SmtpSink;
let app: FastifyInstance;
let outboxApp: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
  app = await buildTestApp(testDeps(database.db, createSmtpMailer(sink.url, MAIL_FROM, log)));
  outboxApp = await buildTestApp(
    testDeps(
      database.db,
      createMailer({ config: { smtpUrl: undefined, mailFrom: MAIL_FROM }, db: database.db, log }),
    ),
  );
});
afterAll(async () => {
  await app.close();
  await outboxApp.close();
  await sink.close();
  await database.close();
});

type Auth = { authorization: string };

/** A fresh user with a filled-in company profile, and its bearer header. */
async function signIn(): Promise<{ auth: Auth; userId: string; email: string }> {
  const { user, token } = await createSignedInUser(database.db, {
    name: 'Anna de Vries',
    company: 'Bakkerij De Korst',
  });
  await database.db
    .update(organizations)
    .set({ address: 'Dorpsstraat 1', postalCode: '1234 AB', city: 'Utrecht', kvkNumber: '12345678' })
    .where(eq(organizations.id, user.id));
  return { auth: { authorization: `Bearer ${token}` }, userId: user.id, email: user.email };
}

const call = (
  auth: Auth | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  on: FastifyInstance = app,
) =>
  on.inject({
    method,
    url: `/api${url}`,
    headers: auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function storedCount(userId: string) {
  return (await database.db.select().from(emailTemplates).where(eq(emailTemplates.organizationId, userId)))
    .length;
}

describe('e-mail templates over REST: CRUD', () => {
  it('answers 401 without a session', async () => {
    expect((await call(undefined, 'GET', '/email-templates')).statusCode).toBe(401);
    expect((await call(undefined, 'POST', '/email-templates', template)).statusCode).toBe(401);
  });

  it('creates with the defaults, lists as a plain array, reads, updates and deletes', async () => {
    const { auth } = await signIn();
    const created = await call(auth, 'POST', '/email-templates', template);
    expect(created.statusCode).toBe(200);
    const t = created.json();
    expect(t).toEqual({
      _id: expect.any(String),
      ...template,
      category: 'order',
      isDefault: false,
      isTemporary: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const list = await call(auth, 'GET', '/email-templates');
    expect(list.json()).toEqual([t]);
    expect((await call(auth, 'GET', `/email-templates/${t._id}`)).json()).toEqual(t);

    const put = await call(auth, 'PUT', `/email-templates/${t._id}`, {
      ...template,
      name: 'Herinnering sturen',
      category: 'reminder',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ _id: t._id, name: 'Herinnering sturen', category: 'reminder' });

    const del = await call(auth, 'DELETE', `/email-templates/${t._id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: expect.any(String) });
    expect((await call(auth, 'GET', `/email-templates/${t._id}`)).statusCode).toBe(404);
    expect((await call(auth, 'DELETE', `/email-templates/${t._id}`)).statusCode).toBe(404);
    expect((await call(auth, 'GET', '/email-templates/geen-uuid')).statusCode).toBe(404);
  });

  it('refuses every limit and an unknown category with 400 and Dutch details, storing nothing', async () => {
    const { auth, userId } = await signIn();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'x' }, 'name', m.nameMin],
      [{ name: 'x'.repeat(101) }, 'name', m.nameMax],
      [{ name: '' }, 'name', m.nameRequired],
      [{ subject: 'x' }, 'subject', m.subjectMin],
      [{ subject: 'x'.repeat(201) }, 'subject', m.subjectMax],
      [{ subject: 'Order\r\nBcc: spy@evil.example' }, 'subject', m.subjectOneLine],
      [{ content: 'te kort' }, 'content', m.contentMin],
      [{ content: 'x'.repeat(10_001) }, 'content', m.contentMax],
      [{ category: 'spam' }, 'category', m.categoryRequired],
      // Only unsafe HTML: after sanitising, too little is left.
      [
        { content: '<script>alert("hallo daar")</script>' },
        'content',
        emailTemplateServiceMessages.contentUnsafeOnly,
      ],
    ];
    for (const [change, field, message] of cases) {
      const res = await call(auth, 'POST', '/email-templates', { ...template, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().details, JSON.stringify(change)).toEqual({ [field]: message });
    }
    expect(await storedCount(userId)).toBe(0);

    const t = (await call(auth, 'POST', '/email-templates', template)).json();
    for (const [change] of cases) {
      expect(
        (await call(auth, 'PUT', `/email-templates/${t._id}`, { ...template, ...change })).statusCode,
      ).toBe(400);
    }
    expect((await call(auth, 'GET', `/email-templates/${t._id}`)).json()).toEqual(t);
  });

  it('accepts the limits exactly', async () => {
    const { auth } = await signIn();
    const res = await call(auth, 'POST', '/email-templates', {
      name: 'ab',
      subject: 's'.repeat(200),
      content: 'c'.repeat(10_000),
      category: 'other',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toHaveLength(10_000);
  });

  it('stores the content sanitised', async () => {
    const { auth } = await signIn();
    const res = await call(auth, 'POST', '/email-templates', {
      ...template,
      content:
        '<p onclick="steel()">Beste {{customer.name}},</p><script>alert(1)</script><a href="javascript:alert(1)">klik</a>',
    });
    expect(res.json().content).toBe(
      '<p>Beste {{customer.name}},</p><a rel="noopener noreferrer" target="_blank">klik</a>',
    );
  });
});

describe('defaults', () => {
  const defaults = async (auth: Auth) =>
    (
      (await call(auth, 'GET', '/email-templates')).json() as {
        _id: string;
        category: string;
        isDefault: boolean;
      }[]
    )
      .filter((t) => t.isDefault)
      .map((t) => [t.category, t._id]);

  it('at most one default per category: making one default clears the other of that category only', async () => {
    const { auth } = await signIn();
    const a = (
      await call(auth, 'POST', '/email-templates', { ...template, name: 'Sjabloon A', isDefault: true })
    ).json();
    const r = (
      await call(auth, 'POST', '/email-templates', {
        ...template,
        name: 'Sjabloon R',
        category: 'reminder',
        isDefault: true,
      })
    ).json();
    expect(await defaults(auth)).toEqual([
      ['order', a._id],
      ['reminder', r._id],
    ]);
    const b = (
      await call(auth, 'POST', '/email-templates', { ...template, name: 'Sjabloon B', isDefault: true })
    ).json();
    expect(await defaults(auth)).toEqual([
      ['order', b._id],
      ['reminder', r._id],
    ]);
    await call(auth, 'PUT', `/email-templates/${a._id}`, {
      ...template,
      name: 'Sjabloon A',
      isDefault: true,
    });
    expect(await defaults(auth)).toEqual([
      ['order', a._id],
      ['reminder', r._id],
    ]);
    // Moving the default to another category takes it out of the old one.
    await call(auth, 'PUT', `/email-templates/${a._id}`, {
      ...template,
      name: 'Sjabloon A',
      category: 'reminder',
      isDefault: true,
    });
    expect(await defaults(auth)).toEqual([['reminder', a._id]]);
  });

  it('another user’s defaults are untouched', async () => {
    const one = await signIn();
    const two = await signIn();
    const t1 = (await call(one.auth, 'POST', '/email-templates', { ...template, isDefault: true })).json();
    await call(two.auth, 'POST', '/email-templates', { ...template, isDefault: true });
    expect(await defaults(one.auth)).toEqual([['order', t1._id]]);
  });

  it('the database itself refuses a second default of a category', async () => {
    const { userId } = await signIn();
    const row = { organizationId: userId, ...template, category: 'order' as const, isDefault: true };
    await database.db.insert(emailTemplates).values(row);
    await expect(database.db.insert(emailTemplates).values(row)).rejects.toThrow();
    await database.db.insert(emailTemplates).values({ ...row, isDefault: false });
  });

  it('create-defaults adds one Dutch template per category, the order one default; a second call adds none', async () => {
    const { auth } = await signIn();
    const first = await call(auth, 'POST', '/email-templates/create-defaults');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, count: 5 });
    const list = (await call(auth, 'GET', '/email-templates')).json() as { category: string; name: string }[];
    expect(list.map((t) => t.category)).toEqual([...EMAIL_TEMPLATE_CATEGORIES]);
    expect(list.map((t) => t.name).sort()).toEqual(DEFAULT_TEMPLATES.map((t) => t.name).sort());
    expect((await defaults(auth)).map(([c]) => c)).toEqual(['order']);

    expect((await call(auth, 'POST', '/email-templates/create-defaults')).json()).toEqual({
      success: true,
      count: 0,
    });
    expect((await call(auth, 'GET', '/email-templates')).json()).toHaveLength(5);
  });

  it('two create-defaults calls at once add each template once', async () => {
    const { auth } = await signIn();
    const [a, b] = await Promise.all([
      call(auth, 'POST', '/email-templates/create-defaults'),
      call(auth, 'POST', '/email-templates/create-defaults'),
    ]);
    expect([a.json().count, b.json().count].sort()).toEqual([0, 5]);
    expect((await call(auth, 'GET', '/email-templates')).json()).toHaveLength(5);
  });

  it('two templates made default at once: one default remains, the other save is told so (409) or applied after', async () => {
    const { auth } = await signIn();
    const results = await Promise.all(
      ['Sjabloon 1', 'Sjabloon 2', 'Sjabloon 3'].map((name) =>
        call(auth, 'POST', '/email-templates', { ...template, name, isDefault: true }),
      ),
    );
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    expect(results.some((r) => r.statusCode === 200)).toBe(true);
    expect((await defaults(auth)).map(([c]) => c)).toEqual(['order']);
  });

  it('create-defaults keeps a default the user already chose', async () => {
    const { auth } = await signIn();
    const mine = (
      await call(auth, 'POST', '/email-templates', { ...template, name: 'Mijn order', isDefault: true })
    ).json();
    expect((await call(auth, 'POST', '/email-templates/create-defaults')).json().count).toBe(5);
    expect(await defaults(auth)).toEqual([['order', mine._id]]);
  });

  it('the default templates read well with every variable filled in', async () => {
    const { auth } = await signIn();
    for (const t of DEFAULT_TEMPLATES) {
      const preview = (await call(auth, 'POST', '/email-templates/preview', { template: t })).json();
      expect(preview.subject).not.toContain('{{');
      expect(preview.html).not.toContain('{{');
      expect(preview.html).toContain(SAMPLE_TEMPLATE_DATA.order.orderNumber);
      expect(preview.html).toContain('Anna de Vries');
    }
  });
});

describe('temporary templates', () => {
  it('never show in the list, can be read, tested and deleted, and are never a default', async () => {
    const { auth } = await signIn();
    const temp = (
      await call(auth, 'POST', '/email-templates', { ...template, isTemporary: true, isDefault: true })
    ).json();
    expect(temp).toMatchObject({ isTemporary: true, isDefault: false });
    expect((await call(auth, 'GET', '/email-templates')).json()).toEqual([]);
    expect((await call(auth, 'GET', `/email-templates/${temp._id}`)).statusCode).toBe(200);
    expect((await call(auth, 'DELETE', `/email-templates/${temp._id}`)).statusCode).toBe(200);
  });

  it('one left behind for over an hour is removed when the next is made', async () => {
    const { auth, userId } = await signIn();
    const old = (await call(auth, 'POST', '/email-templates', { ...template, isTemporary: true })).json();
    await database.db
      .update(emailTemplates)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(emailTemplates.id, old._id));
    await call(auth, 'POST', '/email-templates', { ...template, isTemporary: true });
    const left = await database.db
      .select({ id: emailTemplates.id })
      .from(emailTemplates)
      .where(and(eq(emailTemplates.organizationId, userId), eq(emailTemplates.isTemporary, true)));
    expect(left.map((r) => r.id)).not.toContain(old._id);
    expect(left).toHaveLength(1);
  });
});

describe('preview', () => {
  it('fills with sample data and the user’s own name; escapes values; keeps unknown variables', async () => {
    const { auth } = await signIn();
    const res = await call(auth, 'POST', '/email-templates/preview', {
      template: {
        subject: 'Order {{order.orderNumber}} voor {{ customer.company }} {{order.kleur}}',
        content: '<p>Beste {{customer.name}}, {{ onbekend.veld }} {{order.total}} van {{user.name}}</p>',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      subject: 'Order INK-2023-001 voor Jansen Bouw B.V. {{order.kleur}}',
      html: `<p>Beste Petra Jansen, {{ onbekend.veld }} ${SAMPLE_TEMPLATE_DATA.order.total} van Anna de Vries</p>`,
    });

    const hostile = await call(auth, 'POST', '/email-templates/preview', {
      template: {
        subject: 'Voor {{customer.name}}',
        content: '<p title="{{customer.name}}">{{customer.name}}</p>',
      },
      data: { customer: { name: '<img src=x onerror=alert(1)>"' } },
    });
    expect(hostile.json().subject).toBe('Voor <img src=x onerror=alert(1)>"');
    expect(hostile.json().html).toBe(
      '<p title="&lt;img src=x onerror=alert(1)&gt;&quot;">&lt;img src=x onerror=alert(1)&gt;"</p>',
    );
  });

  it('refuses an oversized template with 400', async () => {
    const { auth } = await signIn();
    const res = await call(auth, 'POST', '/email-templates/preview', {
      template: { subject: 'x', content: 'y'.repeat(10_001) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ 'template.content': m.contentMax });
  });
});

describe('the XSS corpus through save and preview', () => {
  it('leaves nothing executable in what is stored or previewed', async () => {
    const { auth } = await signIn();
    for (const hostile of XSS_CORPUS) {
      const content = `<p>Beste {{customer.name}},</p>${hostile}`;
      const saved = await call(auth, 'POST', '/email-templates', { ...template, content });
      expect(saved.statusCode, hostile).toBe(200);
      expect(htmlProblems(saved.json().content), hostile).toEqual([]);
      const preview = await call(auth, 'POST', '/email-templates/preview', {
        template: { subject: 'x', content },
        data: { customer: { name: hostile } },
      });
      expect(htmlProblems(preview.json().html), hostile).toEqual([]);
    }
  });
});

describe('test mail', () => {
  it('goes over real SMTP as the real mail would: filled subject marked [Test], company as sender, Reply-To, HTML and plain text', async () => {
    const { auth, email } = await signIn();
    const t = (
      await call(auth, 'POST', '/email-templates', {
        ...template,
        content: '<p>Beste {{customer.name}},</p><p>Totaal: {{order.total}} {{ order.kleur }}</p>',
      })
    ).json();
    const before = sink.received.length;
    const res = await call(auth, 'POST', `/email-templates/${t._id}/test`, {
      email: 'Test@Ontvanger.NL',
      data: { customer: { name: '<script>alert(1)</script> & Zn' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Test e-mail is verzonden naar test@ontvanger.nl' });
    expect(sink.received).toHaveLength(before + 1);
    const received = sink.received.at(-1)!;
    expect(received.envelope).toEqual({ from: 'no-reply@inkooporders.test', to: ['test@ontvanger.nl'] });
    const mail = parseMail(received.raw);
    expect(mail.headers.subject).toBe('[Test] Order INK-2023-001 van Bakkerij De Korst');
    expect(mail.headers.from).toBe('Bakkerij De Korst via Inkooporders <no-reply@inkooporders.test>');
    expect(mail.headers['reply-to']).toBe(email);
    expect(mail.headers.to).toBe('test@ontvanger.nl');
    expect(mail.html).toContain('Beste &lt;script&gt;alert(1)&lt;/script&gt; &amp; Zn,');
    expect(mail.html).toContain(`Totaal: ${SAMPLE_TEMPLATE_DATA.order.total} {{ order.kleur }}`);
    expect(mail.html).not.toMatch(/<script/i);
    expect(mail.html).toContain('Dorpsstraat 1, 1234 AB Utrecht');
    expect(mail.text).toContain('Beste <script>alert(1)</script> & Zn,');
    expect(mail.text).toContain('KVK 12345678');
  });

  it('with no SMTP_URL the test mail lands in the outbox', async () => {
    const { auth } = await signIn();
    const t = (await call(auth, 'POST', '/email-templates', template, outboxApp)).json();
    const res = await call(
      auth,
      'POST',
      `/email-templates/${t._id}/test`,
      { email: 'outbox@ontvanger.nl' },
      outboxApp,
    );
    expect(res.statusCode).toBe(200);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.to, 'outbox@ontvanger.nl'));
    expect(row?.subject).toBe('[Test] Order INK-2023-001 van Bakkerij De Korst');
  });

  it('a refusing SMTP server is a clear 503', async () => {
    const { auth } = await signIn();
    const t = (await call(auth, 'POST', '/email-templates', template)).json();
    sink.refuseWith = { code: 550, message: 'Mailbox unavailable' };
    try {
      const res = await call(auth, 'POST', `/email-templates/${t._id}/test`, { email: 'x@ontvanger.nl' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('Er is een fout opgetreden bij het versturen van de test e-mail');
    } finally {
      sink.refuseWith = null;
    }
  });

  it('needs one valid address', async () => {
    const { auth } = await signIn();
    const t = (await call(auth, 'POST', '/email-templates', template)).json();
    for (const address of ['', 'geen-adres', 'a@b.nl, c@d.nl', 'a@b.nl\r\nBcc: c@d.nl']) {
      const res = await call(auth, 'POST', `/email-templates/${t._id}/test`, { email: address });
      expect(res.statusCode, address).toBe(400);
      expect(res.json().details).toEqual({ email: 'Vul een geldig e-mailadres in' });
    }
  });

  it(`is limited to ${TEST_MAIL_LIMIT} per user in ten minutes, then 429 with Retry-After`, async () => {
    const { auth } = await signIn();
    const t = (await call(auth, 'POST', '/email-templates', template)).json();
    for (let i = 0; i < TEST_MAIL_LIMIT; i++) {
      expect(
        (await call(auth, 'POST', `/email-templates/${t._id}/test`, { email: 'r@ontvanger.nl' })).statusCode,
      ).toBe(200);
    }
    const res = await call(auth, 'POST', `/email-templates/${t._id}/test`, { email: 'r@ontvanger.nl' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another user has a budget of their own.
    const other = await signIn();
    const t2 = (await call(other.auth, 'POST', '/email-templates', template)).json();
    expect(
      (await call(other.auth, 'POST', `/email-templates/${t2._id}/test`, { email: 'r@ontvanger.nl' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('isolation', () => {
  it("another user's template is 404 for get, put, delete and test, and absent from their list", async () => {
    const owner = await signIn();
    const stranger = await signIn();
    const t = (await call(owner.auth, 'POST', '/email-templates', template)).json();
    const before = sink.received.length;
    expect((await call(stranger.auth, 'GET', `/email-templates/${t._id}`)).statusCode).toBe(404);
    expect(
      (await call(stranger.auth, 'PUT', `/email-templates/${t._id}`, { ...template, name: 'Overgenomen' }))
        .statusCode,
    ).toBe(404);
    expect((await call(stranger.auth, 'DELETE', `/email-templates/${t._id}`)).statusCode).toBe(404);
    expect(
      (await call(stranger.auth, 'POST', `/email-templates/${t._id}/test`, { email: 'x@y.nl' })).statusCode,
    ).toBe(404);
    expect((await call(stranger.auth, 'GET', '/email-templates')).json()).toEqual([]);
    expect(sink.received).toHaveLength(before);
    expect((await call(owner.auth, 'GET', `/email-templates/${t._id}`)).json()).toEqual(t);
  });

  it('making a template default with a foreign id changes nothing of the caller’s own defaults', async () => {
    const owner = await signIn();
    const stranger = await signIn();
    const foreign = (await call(owner.auth, 'POST', '/email-templates', template)).json();
    const mine = (
      await call(stranger.auth, 'POST', '/email-templates', { ...template, isDefault: true })
    ).json();
    const res = await call(stranger.auth, 'PUT', `/email-templates/${foreign._id}`, {
      ...template,
      isDefault: true,
    });
    expect(res.statusCode).toBe(404);
    expect((await call(stranger.auth, 'GET', `/email-templates/${mine._id}`)).json().isDefault).toBe(true);
  });
});
