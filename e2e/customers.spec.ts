import { expect, type Locator, type Page, test } from '@playwright/test';
import { signUpAndLogin, switchTheme } from './support/auth';
import { amsterdamToday, isoDay } from './support/dates';
import { readCsv } from './support/downloads';
import { DESKTOP, PHONE, shotsNamed } from './support/screens';

/**
 * /klanten through the UI: add, edit, search, filter, export (the CSV file itself), delete;
 * screenshots at 1280×800 and 375×812 in light and dark.
 */

const shoot = shotsNamed('customers');

type NewCustomer = {
  name: string;
  company: string;
  email: string;
  phone?: string;
  address?: string;
  postalCode?: string;
  city?: string;
  kvkNumber?: string;
  btwNumber?: string;
  active?: boolean;
};

/** Realistic ones (they sort first by company) and a tail of 20 that pushes the list past one page. */
const SEEDED: NewCustomer[] = [
  {
    name: 'Anna de Vries',
    company: 'Bakkerij de Vries',
    email: 'anna@bakkerijdevries.nl',
    phone: '0201234567',
    address: 'Kerkstraat 12',
    postalCode: '1017GC',
    city: 'Amsterdam',
  },
  {
    name: '=HYPERLINK("http://evil.example")',
    company: 'Café "De Hoek"; Zn',
    email: 'info@dehoek.nl',
    address: 'Markt 3',
    postalCode: '3511 AB',
    city: 'Utrecht',
    kvkNumber: '87654321',
  },
  {
    name: 'Karim Bos',
    company: 'Installatiebedrijf Bos',
    email: 'karim@bos-installatie.nl',
    phone: '0612345678',
    address: 'Industrieweg 44',
    postalCode: '5611 XZ',
    city: 'Eindhoven',
    btwNumber: 'NL004495445B01',
  },
  {
    name: 'Sophie Jansen',
    company: 'Jansen Groenvoorziening',
    email: 'sophie@jansengroen.nl',
    address: 'Dorpsweg 8',
    postalCode: '7411 KT',
    city: 'Deventer',
    active: false,
  },
  ...Array.from({ length: 20 }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return {
      name: `Contact ${n}`,
      company: `Zuidwest Logistiek ${n}`,
      email: `logistiek${n}@zuidwest.example`,
      city: 'Rotterdam',
    };
  }),
];

async function seedCustomers(page: Page, customers: NewCustomer[]) {
  for (const customer of customers) {
    const res = await page.request.post('/api/customers', { data: customer });
    expect(res.status(), await res.text()).toBe(200);
  }
}

const card = (page: Page, company: string) => page.getByRole('article', { name: company, exact: true });
const cards = (page: Page) => page.getByRole('article');

async function fieldIn(dialog: Locator, name: string) {
  return dialog.getByRole('textbox', { name, exact: true });
}

test('customers: add, edit, search, filter, export and delete through the UI', async ({ page, request }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await signUpAndLogin(page, request);

  await test.step('empty state', async () => {
    await page.goto('/klanten');
    await expect(page.getByRole('heading', { level: 1, name: 'Klanten' })).toBeVisible();
    await expect(page.getByText('Geen klanten gevonden', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nieuwe Klant' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Exporteren' })).toBeVisible();
    await shoot(page, 'empty-desktop-light');
  });

  const dialog = page.getByRole('dialog', { name: 'Nieuwe klant' });

  await test.step('add a customer: rules, masks and messages of the form', async () => {
    await page.getByRole('button', { name: 'Eerste klant toevoegen' }).click();
    await expect(dialog).toBeVisible();
    for (const section of ['Algemene informatie', 'Contactgegevens', 'Adresgegevens', 'Bedrijfsgegevens']) {
      await expect(dialog.getByRole('button', { name: section })).toHaveAttribute('aria-expanded', 'true');
    }
    await expect(dialog.getByText('Formaat: 8 cijfers, bijv. 12345678')).toBeVisible();
    await expect(
      dialog.getByText('Formaat: NL + 9 cijfers + B + 2 cijfers, bijv. NL123456789B01'),
    ).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: 'Actieve klant' })).toBeChecked();
    await expect(dialog.getByRole('combobox', { name: 'Land' })).toHaveValue('Nederland');

    // Submit empty: the three required fields speak, the cursor goes to the first.
    const submit = dialog.getByRole('button', { name: 'Klant toevoegen' });
    await submit.click();
    await expect(dialog.getByText('Naam is verplicht', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Bedrijfsnaam is verplicht')).toBeVisible();
    await expect(dialog.getByText('E-mailadres is verplicht')).toBeVisible();
    await expect(await fieldIn(dialog, 'Naam')).toBeFocused();

    // KVK: digits only, at most 8; an error blocks submit until it is right.
    const kvk = await fieldIn(dialog, 'KVK-nummer');
    await kvk.pressSequentially('12ab-34');
    await expect(kvk).toHaveValue('1234');
    await kvk.blur();
    await expect(dialog.getByText('KVK nummer moet 8 cijfers bevatten')).toBeVisible();
    await expect(submit).toBeDisabled();
    await kvk.press('End');
    await kvk.pressSequentially('5678999');
    await expect(kvk).toHaveValue('12345678');
    await expect(dialog.getByText('KVK nummer moet 8 cijfers bevatten')).toBeHidden();
    await expect(submit).toBeEnabled();

    // BTW: NL prefix, upper case, no spaces or hyphens, at most 14.
    const btw = await fieldIn(dialog, 'BTW-nummer');
    await btw.pressSequentially('8123-4567 8b01');
    await expect(btw).toHaveValue('NL812345678B01');
    await btw.fill('');
    await btw.pressSequentially('nl12');
    await btw.blur();
    await expect(dialog.getByText('BTW nummer moet het formaat NL123456789B01 hebben')).toBeVisible();
    await expect(submit).toBeDisabled();
    await btw.fill('NL812345678B01');
    await expect(dialog.getByText('BTW nummer moet het formaat NL123456789B01 hebben')).toBeHidden();
    await expect(submit).toBeEnabled();

    // Postcode: upper case, space after the four digits.
    const postcode = await fieldIn(dialog, 'Postcode');
    await postcode.pressSequentially('3581ab');
    await expect(postcode).toHaveValue('3581 AB');

    // Phone: message on blur once longer than 3 characters, cleared on focus.
    const phone = await fieldIn(dialog, 'Telefoon');
    await phone.pressSequentially('06-123');
    await phone.blur();
    await expect(dialog.getByText('Voer een geldig Nederlands telefoonnummer in')).toBeVisible();
    await phone.focus();
    await expect(dialog.getByText('Voer een geldig Nederlands telefoonnummer in')).toBeHidden();
    await phone.fill('06-87654321');

    await (await fieldIn(dialog, 'Naam')).fill('Mila Visser');
    await (await fieldIn(dialog, 'Bedrijfsnaam')).fill('Visser Architecten');
    await (await fieldIn(dialog, 'Contactpersoon')).fill('Ruben Visser');
    const email = await fieldIn(dialog, 'E-mail');
    await email.fill('mila@');
    await email.blur();
    await expect(dialog.getByText('Voer een geldig e-mailadres in')).toBeVisible();
    await email.fill('Mila@VisserArchitecten.nl');
    await (await fieldIn(dialog, 'Adres')).fill('Oudegracht 101');
    await (await fieldIn(dialog, 'Plaats')).fill('Utrecht');
    await shoot(page, 'modal-desktop-light');

    await submit.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Visser Architecten is toegevoegd.')).toBeVisible();
    const added = card(page, 'Visser Architecten');
    await expect(added).toBeVisible();
    await expect(added.getByText('Actief', { exact: true })).toBeVisible();
    await expect(added).toContainText('Mila Visser');
    await expect(added).toContainText('mila@visserarchitecten.nl');
    await expect(added).toContainText('+31 6 87654321');
    await expect(added).toContainText('Oudegracht 101');
    await expect(added).toContainText('3581 AB');
    await expect(added).toContainText('Utrecht');
    await expect(added.getByRole('link', { name: 'E-mail sturen' })).toHaveAttribute(
      'href',
      'mailto:mila@visserarchitecten.nl',
    );
  });

  await seedCustomers(page, SEEDED);
  const total = SEEDED.length + 1;
  const activeTotal = total - 1;

  await test.step('list, paging and the count line', async () => {
    await page.reload();
    await expect(page.getByText(`${total} klanten`, { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(24);
    await expect(page.getByText(`24 van ${total} klanten getoond`)).toBeVisible();
    await expect(card(page, 'Jansen Groenvoorziening').getByText('Inactief', { exact: true })).toBeVisible();
    await shoot(page, 'list-desktop-light');
    await page.getByRole('button', { name: 'Meer laden' }).click();
    await expect(cards(page)).toHaveCount(total);
    await expect(page.getByRole('button', { name: 'Meer laden' })).toBeHidden();
  });

  await test.step('edit a customer', async () => {
    await card(page, 'Bakkerij de Vries').getByRole('button', { name: 'Bewerken' }).click();
    const edit = page.getByRole('dialog', { name: 'Klant bewerken' });
    await expect(edit).toBeVisible();
    await expect(await fieldIn(edit, 'Bedrijfsnaam')).toHaveValue('Bakkerij de Vries');
    await expect(await fieldIn(edit, 'Postcode')).toHaveValue('1017 GC');
    // The card's format in the form too; stored as +31201234567.
    await expect(card(page, 'Bakkerij de Vries')).toContainText('+31 20 1234567');
    await expect(await fieldIn(edit, 'Telefoon')).toHaveValue('+31 20 1234567');
    await (await fieldIn(edit, 'Plaats')).fill('Amersfoort');
    await edit.getByRole('checkbox', { name: 'Actieve klant' }).uncheck();
    await edit.getByRole('button', { name: 'Opslaan' }).click();
    await expect(edit).toBeHidden();
    const edited = card(page, 'Bakkerij de Vries');
    await expect(edited.getByText('Inactief', { exact: true })).toBeVisible();
    await expect(edited).toContainText('Amersfoort');
  });
  const activeAfterEdit = activeTotal - 1;

  const search = page.getByRole('searchbox', { name: 'Zoeken' });

  await test.step('search on name, company, e-mail and city', async () => {
    await search.fill('amersf');
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, 'Bakkerij de Vries')).toBeVisible();
    await expect(page.getByText('1 klant gevonden')).toBeVisible();
    await search.fill('KARIM@bos');
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, 'Installatiebedrijf Bos')).toBeVisible();
    await search.fill('Sophie');
    await expect(cards(page)).toHaveCount(1);
    await search.fill('zuidwest');
    await expect(cards(page)).toHaveCount(20);
    await search.fill('bestaat-niet');
    await expect(page.getByText('Geen klanten gevonden', { exact: true })).toBeVisible();
    await shoot(page, 'no-results-desktop-light');
    await page.getByRole('button', { name: 'Filters wissen' }).click();
    await expect(search).toHaveValue('');
    // Back on the unfiltered list: both pages loaded before are still there.
    await expect(cards(page)).toHaveCount(total);
  });

  const activeOnly = page.getByRole('checkbox', { name: 'Alleen actieve klanten' });

  await test.step('filter on active customers', async () => {
    await activeOnly.check();
    await expect(page.getByText(`${activeAfterEdit} klanten gevonden`)).toBeVisible();
    await expect(card(page, 'Bakkerij de Vries')).toBeHidden();
    await expect(card(page, 'Jansen Groenvoorziening')).toBeHidden();
    await search.fill('jansen');
    await expect(page.getByText('Geen klanten gevonden', { exact: true })).toBeVisible();
    await search.fill('');
  });

  await test.step('export the active customers as CSV', async () => {
    await expect(page.getByText(`${activeAfterEdit} klanten gevonden`)).toBeVisible();
    // The file is named after the Dutch day (the browser runs in Europe/Amsterdam, the test process
    // may not); should midnight pass during the click, either side of it is the truth.
    const before = isoDay(amsterdamToday());
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporteren' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^klanten-\d{4}-\d{2}-\d{2}\.csv$/);
    const after = isoDay(amsterdamToday());
    expect([`klanten-${before}.csv`, `klanten-${after}.csv`]).toContain(download.suggestedFilename());
    const rows = await readCsv(download);
    const text = rows.join('\r\n');
    expect(rows[0]).toBe(
      'Bedrijf;Naam;Contactpersoon;E-mail;Telefoon;Adres;Postcode;Plaats;Land;KVK-nummer;BTW-nummer;Actief',
    );
    // Every active customer, also those beyond the first page of cards; no inactive ones.
    expect(rows).toHaveLength(activeAfterEdit + 1);
    expect(text).not.toContain('Bakkerij de Vries');
    expect(text).not.toContain('Jansen Groenvoorziening');
    expect(rows).toContain(
      '"Café ""De Hoek""; Zn";"\'=HYPERLINK(""http://evil.example"")";;info@dehoek.nl;;Markt 3;3511 AB;Utrecht;Nederland;87654321;;Ja',
    );
    expect(rows).toContain(
      'Installatiebedrijf Bos;Karim Bos;;karim@bos-installatie.nl;+31612345678;Industrieweg 44;5611 XZ;Eindhoven;Nederland;;NL004495445B01;Ja',
    );
    expect(rows).toContain(
      'Visser Architecten;Mila Visser;Ruben Visser;mila@visserarchitecten.nl;+31687654321;Oudegracht 101;3581 AB;Utrecht;Nederland;12345678;NL812345678B01;Ja',
    );
    expect(rows).toContain(
      'Zuidwest Logistiek 20;Contact 20;;logistiek20@zuidwest.example;;;;Rotterdam;Nederland;;;Ja',
    );

    // With a search, only what matches.
    await search.fill('visser');
    await expect(cards(page)).toHaveCount(1);
    const [second] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporteren' }).click(),
    ]);
    const secondRows = await readCsv(second);
    expect(secondRows).toHaveLength(2);
    expect(secondRows[1]).toMatch(/^Visser Architecten;/);
    await search.fill('');
    await activeOnly.uncheck();
  });

  await test.step('delete a customer', async () => {
    await expect(cards(page)).toHaveCount(total);
    const target = card(page, 'Installatiebedrijf Bos');
    await target.getByRole('button', { name: 'Verwijderen' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Klant verwijderen' });
    await expect(confirm).toContainText(
      'Weet u zeker dat u Installatiebedrijf Bos wilt verwijderen? Deze klant heeft geen orders. Deze actie kan niet ongedaan worden gemaakt.',
    );
    await expect(confirm.getByRole('button', { name: 'Annuleren' })).toBeFocused();
    await shoot(page, 'delete-desktop-light');
    await confirm.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(confirm).toBeHidden();
    await expect(target).toBeHidden();
    await expect(page.getByText('Installatiebedrijf Bos is verwijderd.')).toBeVisible();
    await expect(page.getByText(`${total - 1} klanten`, { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByText(`${total - 1} klanten`, { exact: true })).toBeVisible();
    await expect(card(page, 'Installatiebedrijf Bos')).toBeHidden();
  });

  await test.step('screenshots: desktop and phone, light and dark', async () => {
    await page.getByRole('status').filter({ hasText: 'is verwijderd' }).waitFor({ state: 'detached' });
    await switchTheme(page, 'dark');
    await expect(cards(page).first()).toBeVisible();
    await shoot(page, 'list-desktop-dark');
    await page.getByRole('button', { name: 'Nieuwe Klant' }).click();
    await expect(dialog).toBeVisible();
    await shoot(page, 'modal-desktop-dark');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.setViewportSize(PHONE);
    await expect(cards(page).first()).toBeVisible();
    await shoot(page, 'list-phone-dark');
    await page.getByRole('button', { name: 'Nieuwe Klant' }).click();
    await expect(dialog).toBeVisible();
    await shoot(page, 'modal-phone-dark');
    await page.keyboard.press('Escape');

    await switchTheme(page, 'light');
    await expect(cards(page).first()).toBeVisible();
    await shoot(page, 'list-phone-light');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shoot(page, 'list-phone-light-end');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Nieuwe Klant' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Klant toevoegen' }).click();
    await expect(dialog.getByText('Naam is verplicht', { exact: true })).toBeVisible();
    await shoot(page, 'modal-phone-light-errors');
    await page.keyboard.press('Escape');
    await search.fill('hoek');
    await expect(cards(page)).toHaveCount(1);
    await card(page, 'Café "De Hoek"; Zn').getByRole('button', { name: 'Verwijderen' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Klant verwijderen' })).toBeVisible();
    await shoot(page, 'delete-phone-light');
  });
});
