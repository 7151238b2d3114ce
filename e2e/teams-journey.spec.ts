import { type Browser, expect, type Page, test } from '@playwright/test';
import { loginOverHttp, newTestUser, registerVerifiedUser, uniqueEmail } from './support/auth';
import { ORDERS_CSV_HEADER, readCsv, readOrderPdf } from './support/downloads';
import { chooseCustomer, fillLine } from './support/order-form';
import { ordersTable, pdfButton, rowOf, sendDialog, sendNowDialog, tableRows } from './support/order-screens';
import { createCustomer, createOrder } from './support/orders';
import { linkFromOutbox, mailsTo } from './support/outbox';
import { DESKTOP, devicePage, galleryViews, shotsNamed } from './support/screens';
import { openScreen } from './support/shell';

/**
 * A company becomes a team, as its people do it in their own browsers: the owner invites a member and
 * a bookkeeper from the Team tab; the member is new and registers from the link, the bookkeeper has
 * an account with a company of their own, signs in from the link, accepts and switches between the
 * two. The member writes and sends an order; the bookkeeper reads it, downloads its PDF and the
 * export, and can change nothing; the owner finds both in the Logboek and removes the member, whose
 * session ends. Screenshots of the switcher, the bookkeeper's orders and the Logboek at 1280 and
 * 375 px, light and dark.
 */

const shoot = shotsNamed('teams-journey');
const WORK_ROLES =
  'Hiervoor is de rol Eigenaar, Beheerder of Medewerker nodig. Vraag de eigenaar van de organisatie om die rol.';
const OWNER_COMPANY = 'Van Dijk Installatietechniek B.V.';
const OWN_COMPANY = 'Administratiekantoor Smit';

/** A new browser of its own, at a desktop's size. */
async function person(browser: Browser): Promise<Page> {
  return devicePage(browser, DESKTOP);
}

/** The owner invites `email` as `role` through the Team tab's form; answers the link's path. */
async function inviteThroughForm(owner: Page, email: string, role: 'Medewerker' | 'Alleen lezen') {
  const form = owner.getByRole('form', { name: 'Iemand uitnodigen' });
  await form.getByRole('textbox', { name: 'E-mailadres' }).fill(email);
  await form.getByRole('combobox', { name: 'Rol' }).selectOption({ label: role });
  await form.getByRole('button', { name: 'Uitnodigen' }).click();
  await expect(owner.getByText(`De uitnodiging is verstuurd naar ${email}.`)).toBeVisible();
  return linkFromOutbox(owner.request, email, '/invite/');
}

/** The desktop user menu's organisations, or on a phone the drawer's. */
async function switchTo(page: Page, userName: string, organization: string) {
  await page.getByRole('button', { name: userName }).click();
  await page.getByRole('menuitemradio', { name: organization }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function openSwitcher(page: Page, userName: string, size: 'desktop' | 'phone') {
  if (size === 'desktop') {
    await page.getByRole('button', { name: userName }).click();
    await expect(page.getByRole('menuitemradio', { name: OWNER_COMPANY })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    return;
  }
  await page.getByRole('button', { name: 'Menu openen' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('button', { name: OWNER_COMPANY })).toHaveAttribute('aria-pressed', 'true');
  await expect(menu.getByRole('button', { name: OWN_COMPANY })).toHaveAttribute('aria-pressed', 'false');
}

/**
 * A screen in the gallery's sizes and themes: desktop light on `page` itself (the journey's own
 * browser), the others in a context of their own with its session; `show` opens it on each.
 */
async function gallery(
  browser: Browser,
  page: Page,
  name: string,
  show: (page: Page, size: 'desktop' | 'phone') => Promise<void>,
) {
  await test.step(`${name} at 1280 and 375 px, light and dark`, async () => {
    for (const view of galleryViews()) {
      const own = view.name === 'desktop-light';
      const other = own
        ? page
        : await devicePage(browser, view.viewport, { from: page.context(), theme: view.theme });
      await show(other, view.size);
      await shoot(other, `${name}-${view.name}`, { fullPage: view.size === 'phone' });
      if (!own) await other.context().close();
    }
  });
}

const companyOf = async (page: Page) =>
  ((await (await page.request.get('/api/auth/profile')).json()) as { company: string }).company;

test('a team: invitations, a member who sends, a bookkeeper who reads, the Logboek, and a removal', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const customerEmail = uniqueEmail('klant');
  const mila = newTestUser({ name: 'Mila Medewerker', email: uniqueEmail('mila') });

  // The owner and the bookkeeper already have accounts; the bookkeeper's company has an order of its own.
  const owner = await registerVerifiedUser(request, { name: 'Olga van Dijk', company: OWNER_COMPANY });
  const bea = await registerVerifiedUser(request, { name: 'Bea Smit', company: OWN_COMPANY });
  const login = await request.post('/api/auth/login', { data: { email: bea.email, password: bea.password } });
  expect(login.status(), await login.text()).toBe(200);
  const ownOrder = await createOrder(request, {
    customer: await createCustomer(request, {
      name: 'Henk de Boer',
      company: 'De Boer Hoveniers',
      email: 'henk@deboer.nl',
    }),
    date: new Date(),
    project: 'Jaarafsluiting',
    status: 'sent',
    items: [{ description: 'Jaarrekening', quantity: 1, price: 800, vat: 21 }],
  });
  await request.post('/api/auth/logout');

  const ownerPage = await person(browser);
  await loginOverHttp(ownerPage, owner);
  await createCustomer(ownerPage.request, {
    name: 'Petra Jansen',
    company: 'Jansen Bouw B.V.',
    email: customerEmail,
  });
  const defaults = await ownerPage.request.post('/api/email-templates/create-defaults', { data: {} });
  expect(defaults.status(), await defaults.text()).toBe(200);

  let milaLink = '';
  let beaLink = '';
  await test.step('the owner invites a member and a bookkeeper from the Team tab', async () => {
    await ownerPage.goto('/bedrijfsinstellingen#team');
    milaLink = await inviteThroughForm(ownerPage, mila.email, 'Medewerker');
    beaLink = await inviteThroughForm(ownerPage, bea.email, 'Alleen lezen');
    const open = ownerPage.getByTestId('invitation-row');
    await expect(open).toHaveCount(2);
    await expect(open.filter({ hasText: mila.email })).toContainText('Medewerker');
    await expect(open.filter({ hasText: bea.email })).toContainText('Alleen lezen');
  });

  const milaPage = await person(browser);
  await test.step('the member is new: she registers on the invitation page', async () => {
    await milaPage.goto(milaLink);
    await expect(milaPage.getByRole('heading', { name: `Uitnodiging voor ${OWNER_COMPANY}` })).toBeVisible();
    await expect(milaPage.getByRole('textbox', { name: 'E-mailadres' })).toHaveValue(mila.email);
    await milaPage.getByRole('textbox', { name: 'Volledige naam' }).fill(mila.name);
    await milaPage.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(mila.password);
    await milaPage.getByRole('button', { name: 'Account aanmaken en lid worden' }).click();
    await expect(milaPage).toHaveURL(/\/$/);
    expect(await companyOf(milaPage)).toBe(OWNER_COMPANY);
  });

  const beaPage = await person(browser);
  await test.step('the bookkeeper signs in from the invitation page and accepts', async () => {
    await beaPage.goto(beaLink);
    await beaPage.getByRole('link', { name: 'Inloggen' }).click();
    await expect(beaPage.getByRole('textbox', { name: /E-?mail/i })).toHaveValue(bea.email);
    await beaPage.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(bea.password);
    await beaPage.getByRole('button', { name: 'Inloggen' }).click();
    await expect(beaPage).toHaveURL(new RegExp(`${beaLink}$`));
    await beaPage.getByRole('button', { name: 'Uitnodiging accepteren' }).click();
    await expect(beaPage).toHaveURL(/\/$/);
    expect(await companyOf(beaPage)).toBe(OWNER_COMPANY);
  });

  let orderNumber = '';
  await test.step('the member writes an order and sends it', async () => {
    await openScreen(milaPage, 'Inkooporders');
    await milaPage.getByRole('link', { name: 'Nieuwe Order' }).first().click();
    await chooseCustomer(milaPage, 'jansen', 'Jansen Bouw');
    await fillLine(milaPage, 1, { description: 'Cv-ketel vervangen', price: '1800' });
    const created = milaPage.waitForResponse((r) => r.url().includes('orders.create') && r.ok());
    await milaPage.getByRole('button', { name: 'Opslaan' }).click();
    const body = (await (await created).json()) as { result: { data: { orderNumber: string } } }[];
    orderNumber = body[0]!.result.data.orderNumber;
    await sendNowDialog(milaPage).getByRole('button', { name: 'Ja, verstuur e-mail' }).click();
    const dialog = sendDialog(milaPage);
    await expect(dialog.getByRole('textbox', { name: 'E-mailadres ontvanger' })).toHaveValue(customerEmail);
    await dialog.getByRole('button', { name: 'Versturen' }).click();
    await expect(dialog.getByRole('heading', { name: 'E-mail verzonden' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Sluiten' }).last().click();
    await expect(rowOf(ordersTable(milaPage), orderNumber)).toContainText('Verzonden');

    const [mail] = await mailsTo(request, customerEmail);
    expect(mail!.subject).toContain(orderNumber);
    // Replies reach the member who sent it; the company is the sender.
    expect(mail!.replyTo).toBe(mila.email);
    expect(mail!.from).toMatch(new RegExp(`^"${OWNER_COMPANY.replace(/\./g, '\\.')} via Inkooporders" <`));
    expect(mail!.attachments.map((a) => a.filename)).toEqual([`${orderNumber}.pdf`]);
  });

  await test.step('the bookkeeper switches between the two organisations and sees each one’s orders', async () => {
    // Numbering is per organisation, so both orders may carry the same number: the customer tells them apart.
    const jansen = () => tableRows(ordersTable(beaPage)).filter({ hasText: 'Jansen Bouw B.V.' });
    const deBoer = () => tableRows(ordersTable(beaPage)).filter({ hasText: 'De Boer Hoveniers' });
    await openScreen(beaPage, 'Inkooporders');
    await expect(jansen()).toHaveCount(1);
    await expect(deBoer()).toHaveCount(0);

    await switchTo(beaPage, bea.name, OWN_COMPANY);
    await openScreen(beaPage, 'Inkooporders');
    await expect(deBoer()).toContainText(ownOrder.orderNumber);
    await expect(jansen()).toHaveCount(0);
    await expect(beaPage.locator('.shell-session__company')).toHaveText(OWN_COMPANY);
    // Her own company is hers to change.
    await expect(beaPage.getByRole('link', { name: 'Nieuwe Order' }).first()).toBeVisible();

    await switchTo(beaPage, bea.name, OWNER_COMPANY);
    await openScreen(beaPage, 'Inkooporders');
    await expect(jansen()).toContainText(orderNumber);
    await expect(deBoer()).toHaveCount(0);
    await expect(beaPage.locator('.shell-session__company')).toHaveText(OWNER_COMPANY);
  });

  await gallery(browser, beaPage, 'switcher', async (page, size) => {
    if (page !== beaPage) await page.goto('/');
    await openSwitcher(page, bea.name, size);
  });
  await beaPage.keyboard.press('Escape');

  await test.step('the bookkeeper reads the order, downloads its PDF and the export, and changes nothing', async () => {
    const row = rowOf(ordersTable(beaPage), orderNumber);
    const [pdf] = await Promise.all([beaPage.waitForEvent('download'), pdfButton(row, orderNumber).click()]);
    const text = await readOrderPdf(pdf, orderNumber);
    expect(text).toContain('Cv-ketel vervangen');
    for (const action of ['bewerken', 'per e-mail versturen', 'verwijderen']) {
      await expect(beaPage.getByRole('button', { name: `Order ${orderNumber} ${action}` })).toHaveCount(0);
      await expect(beaPage.getByRole('link', { name: `Order ${orderNumber} ${action}` })).toHaveCount(0);
    }
    await expect(beaPage.getByRole('link', { name: 'Nieuwe Order' })).toHaveCount(0);

    await openScreen(beaPage, 'Dashboard');
    const [csv] = await Promise.all([
      beaPage.waitForEvent('download'),
      beaPage.getByRole('button', { name: 'Exporteren' }).click(),
    ]);
    const lines = await readCsv(csv);
    expect(lines[0]).toBe(ORDERS_CSV_HEADER);
    expect(lines.filter((line) => line.startsWith(`${orderNumber};`))).toHaveLength(1);

    // Over REST her session may read but not write: the refusal names the roles that may.
    const write = await beaPage.request.post('/api/customers', {
      data: { name: 'Kees Klant', company: 'Klant BV', email: 'kees@klant.nl' },
    });
    expect(write.status()).toBe(403);
    expect(((await write.json()) as { message: string }).message).toBe(WORK_ROLES);
  });

  await gallery(browser, beaPage, 'bookkeeper-orders', async (page) => {
    await page.goto('/inkooporders');
    await expect(pdfButton(rowOf(ordersTable(page), orderNumber), orderNumber)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nieuwe Order' })).toHaveCount(0);
  });

  await test.step('the owner sees both in the Logboek, filtered by who', async () => {
    await ownerPage.goto('/');
    await ownerPage
      .getByRole('navigation', { name: 'Hoofdmenu' })
      .getByRole('link', { name: 'Logboek' })
      .click();
    const table = ownerPage.locator('.audit-log-table');
    await ownerPage.getByLabel('Wie').selectOption({ label: bea.name });
    await expect(table).toContainText('Ingelogd');
    await expect(table).not.toContainText('Order aangemaakt');
    await expect(table).not.toContainText(mila.name);
    await ownerPage.getByLabel('Wie').selectOption({ label: mila.name });
    await expect(table).toContainText('Order aangemaakt');
    await expect(table).toContainText('Order verzonden');
    await expect(table).not.toContainText(bea.name);
  });

  await gallery(browser, ownerPage, 'logboek', async (page) => {
    if (page !== ownerPage) await page.goto('/logboek');
    await page.getByLabel('Wie').selectOption({ label: mila.name });
    await expect(
      page.locator('.audit-log-list').getByText('Order verzonden').filter({ visible: true }).first(),
    ).toBeVisible();
  });

  await test.step('the owner removes the member; her next step in the app lands on the login page', async () => {
    await ownerPage.goto('/bedrijfsinstellingen#team');
    await ownerPage.getByRole('button', { name: `${mila.name} verwijderen` }).click();
    const dialog = ownerPage.getByRole('alertdialog');
    await expect(dialog).toContainText(`${mila.name} verliest direct de toegang tot ${OWNER_COMPANY}`);
    await dialog.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(ownerPage.getByTestId('team-member').filter({ hasText: mila.name })).toHaveCount(0);

    await openScreen(milaPage, 'Klanten');
    await expect(milaPage).toHaveURL(/\/login$/);
  });

  for (const page of [ownerPage, milaPage, beaPage]) await page.context().close();
});
