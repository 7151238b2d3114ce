import { expect, type Page, test } from '@playwright/test';
import { signUpAndLogin, uniqueEmail } from './support/auth';
import { holdFrames } from './support/frames';
import { mailsTo } from './support/outbox';
import { DESKTOP, galleryViews, shotsNamed, themedPage } from './support/screens';

/**
 * /email-templates through the UI: empty state, a new template with live checks and
 * variables inserted at the cursor, its preview, a test mail found in the outbox, save, duplicate,
 * the standard set, search and filter, edit, delete; screenshots at 1280 and 375 in light and dark.
 */

const shoot = shotsNamed('email-templates');
const row = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

test('e-mail templates: create, preview, test mail, duplicate, defaults, search, edit and delete', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  const user = await signUpAndLogin(page, undefined, { company: 'Bakkerij De Korst' });

  await test.step('empty state offers the standard templates', async () => {
    await page.goto('/email-templates');
    await expect(page.getByRole('heading', { level: 1, name: 'E-mail templates' })).toBeVisible();
    await expect(page.getByText('Nog geen templates', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Standaard templates toevoegen' })).toBeVisible();
    await shoot(page, 'empty-desktop-light');
  });

  const dialog = page.getByRole('dialog', { name: 'Nieuw template' });

  await test.step('a new template: live checks, variables inserted at the cursor', async () => {
    await page.getByRole('button', { name: 'Nieuw template' }).first().click();
    await expect(dialog).toBeVisible();
    const name = dialog.getByRole('textbox', { name: 'Naam' });
    await name.fill('x');
    await expect(dialog.getByText('Naam moet minimaal 2 tekens bevatten')).toBeVisible();
    await name.fill('Order met PDF');
    await expect(dialog.getByText('Naam moet minimaal 2 tekens bevatten')).toBeHidden();
    await expect(dialog.getByRole('combobox', { name: 'Categorie' })).toHaveValue('order');

    const subject = dialog.getByRole('textbox', { name: 'Onderwerp' });
    await subject.fill('Inkooporder ');
    await subject.focus();
    // The cursor goes back into the field within the click, not a frame later: a late frame would take
    // the focus from the field typed in next. Frames wait here until the next field has been typed in.
    const frames = await holdFrames(page);
    await dialog.getByRole('button', { name: /\{\{order\.orderNumber\}\}/ }).click();
    await expect(subject).toHaveValue('Inkooporder {{order.orderNumber}}');
    await expect(subject).toBeFocused();

    const content = dialog.getByRole('textbox', { name: 'Inhoud (HTML)' });
    await expect(content).toHaveAttribute('rows', '10');
    expect(await content.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThanOrEqual(200);
    await content.fill('kort');
    await frames.release();
    await expect(content).toBeFocused();
    await expect(subject).toHaveValue('Inkooporder {{order.orderNumber}}');
    await expect(dialog.getByText('Inhoud moet minimaal 10 tekens bevatten')).toBeVisible();
    await content.fill(
      '<p>Beste ,</p>\n<p>Hierbij order {{ order.orderNumber }} van {{order.total}}. {{order.kleur}}</p>\n<img src=x onerror="window.parent.document.title=\'gehackt\'">',
    );
    // Cursor right after 'Beste ', then the variable goes there.
    await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(9, 9));
    await dialog.getByRole('button', { name: /\{\{customer\.name\}\}/ }).click();
    await expect(content).toHaveValue(/^<p>Beste \{\{customer\.name\}\},<\/p>/);
    await expect(dialog.getByText(/Onbekende variabelen .*: \{\{order\.kleur\}\}$/)).toBeVisible();
    await shoot(page, 'editor-desktop-light');
  });

  await test.step('the preview fills the sample data and runs nothing', async () => {
    await dialog.getByRole('radio', { name: 'Voorbeeld' }).click();
    await expect(dialog.getByTestId('template-preview-subject')).toHaveText('Inkooporder INK-2023-001');
    const frame = dialog.frameLocator('iframe[title="Voorbeeld van de e-mail"]');
    await expect(frame.getByText('Beste Petra Jansen,')).toBeVisible();
    await expect(
      frame.getByText(/Hierbij order INK-2023-001 van €\s849,70\. \{\{order\.kleur\}\}/),
    ).toBeVisible();
    await expect(page).not.toHaveTitle('gehackt');
    await shoot(page, 'preview-desktop-light');
  });

  const testAddress = uniqueEmail('test-ontvanger');
  await test.step('a test mail of the unsaved template reaches the outbox', async () => {
    await dialog.getByRole('button', { name: 'Test e-mail versturen' }).click();
    const address = dialog.getByRole('textbox', { name: 'Test e-mail versturen naar' });
    await address.fill('geen-adres');
    await dialog.getByRole('button', { name: 'Versturen', exact: true }).click();
    await expect(dialog.getByText('Vul een geldig e-mailadres in')).toBeVisible();
    await address.fill(testAddress);
    // The unsaved template goes out as a temporary one, which is deleted right after.
    const created = page.waitForResponse((r) => r.url().includes('emailTemplates.create'));
    const deleted = page.waitForResponse((r) => r.url().includes('emailTemplates.delete'));
    await dialog.getByRole('button', { name: 'Versturen', exact: true }).click();
    const createdResponse = await created;
    expect(createdResponse.request().postData()).toContain('"isTemporary":true');
    const temporaryId = /"_id":"([0-9a-f-]{36})"/.exec(await createdResponse.text())?.[1];
    expect(temporaryId).toBeTruthy();
    expect((await deleted).status()).toBe(200);
    expect((await page.request.get(`/api/email-templates/${temporaryId}`)).status()).toBe(404);
    await expect(dialog.getByText(`Test e-mail is verzonden naar ${testAddress}`)).toBeVisible();
    await shoot(page, 'test-mail-desktop-light');
    // The box closes 3 seconds after success.
    await expect(address).toBeHidden({ timeout: 6000 });

    const [mail] = await mailsTo(page.request, testAddress);
    expect(mail!.subject).toBe('[Test] Inkooporder INK-2023-001');
    expect(mail!.replyTo).toBe(user.email);
    expect(mail!.from).toContain('Bakkerij De Korst');
    expect(mail!.html).toContain('Beste Petra Jansen,');
    expect(mail!.html).not.toMatch(/onerror|<script/i);
    expect(mail!.text).toContain('Hierbij order INK-2023-001');
    // Nothing of the test in the list.
    const list = await page.request.get('/api/email-templates');
    expect(await list.json()).toEqual([]);
  });

  await test.step('save: a notice for 3 seconds and the template in the list', async () => {
    await dialog.getByRole('button', { name: 'Template aanmaken' }).click();
    await expect(dialog).toBeHidden();
    const notice = page.getByText('Nieuw template is succesvol aangemaakt');
    await expect(notice).toBeVisible();
    const saved = row(page, 'Order met PDF');
    await expect(saved.getByText('Inkooporder', { exact: true })).toBeVisible();
    await expect(saved.getByText('Inkooporder {{order.orderNumber}}')).toBeVisible();
    // Template notices close after 3 s (the pointer off them: hovering pauses a notice).
    await page.mouse.move(5, 5);
    await expect(notice).toBeHidden({ timeout: 5000 });
  });

  await test.step('duplicate', async () => {
    await row(page, 'Order met PDF').getByRole('button', { name: 'Dupliceren' }).click();
    await expect(page.getByText('Template is succesvol gedupliceerd')).toBeVisible();
    await expect(row(page, 'Order met PDF (kopie)')).toBeVisible();
  });

  await test.step('the standard templates, subject cut at 40 characters, search and filter', async () => {
    await page.getByRole('button', { name: 'Standaard templates toevoegen' }).click();
    await expect(page.getByText('5 standaard templates zijn toegevoegd')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(7);
    // They are all there now: the action that would add nothing is gone.
    await expect(page.getByRole('button', { name: 'Standaard templates toevoegen' })).toHaveCount(0);
    const order = row(page, 'Inkooporder versturen');
    await expect(order.getByText('Standaard', { exact: true })).toBeVisible();
    // 'Bericht van {{user.company}} over order {{order.orderNumber}}' is longer than 40 characters.
    await expect(
      row(page, 'Algemeen bericht').getByText('Bericht van {{user.company}} over order …'),
    ).toBeVisible();
    await shoot(page, 'list-desktop-light');

    const search = page.getByRole('searchbox', { name: 'Zoeken' });
    await search.fill('kopie');
    await expect(page.getByRole('article')).toHaveCount(1);
    await search.fill('herinnering');
    await expect(page.getByRole('article')).toHaveCount(1);
    await search.fill('');
    await page.getByRole('combobox', { name: 'Categorie' }).selectOption('invoice');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(row(page, 'Factuur versturen')).toBeVisible();
    await search.fill('niets dat bestaat');
    await expect(page.getByText('Geen templates gevonden')).toBeVisible();
    await shoot(page, 'no-match-desktop-light');
    await page.getByRole('button', { name: 'Filters wissen' }).click();
    await expect(page.getByRole('article')).toHaveCount(7);
  });

  await test.step('edit', async () => {
    await row(page, 'Order met PDF (kopie)').getByRole('button', { name: 'Bewerken' }).click();
    const edit = page.getByRole('dialog', { name: 'Template bewerken' });
    await edit.getByRole('textbox', { name: 'Naam' }).fill('Order met PDF, kort');
    await edit.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Template is succesvol bijgewerkt')).toBeVisible();
    await expect(row(page, 'Order met PDF, kort')).toBeVisible();
  });

  await test.step('screenshots at 375 and in dark', async () => {
    for (const { viewport, theme, name: label } of galleryViews({ besides: 'desktop-light' })) {
      const other = await themedPage(browser, page.context(), viewport, theme);
      await other.goto('/email-templates');
      await expect(other.getByRole('article')).toHaveCount(7);
      await shoot(other, `list-${label}`);
      await row(other, 'Inkooporder versturen').getByRole('button', { name: 'Bewerken' }).click();
      const edit = other.getByRole('dialog', { name: 'Template bewerken' });
      await expect(edit).toBeVisible();
      await shoot(other, `editor-${label}`);
      await edit.getByRole('radio', { name: 'Voorbeeld' }).click();
      await expect(edit.frameLocator('iframe').getByText('Beste Petra Jansen,')).toBeVisible();
      await shoot(other, `preview-${label}`);
      await other.context().close();
    }
  });

  await test.step('delete, after a confirmation that says it cannot be undone', async () => {
    await row(page, 'Order met PDF, kort').getByRole('button', { name: 'Verwijderen' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Template verwijderen' });
    await expect(confirm).toContainText('Deze actie kan niet ongedaan worden gemaakt.');
    await confirm.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(page.getByText('Template is succesvol verwijderd')).toBeVisible();
    await expect(row(page, 'Order met PDF, kort')).toBeHidden();
    await expect(page.getByRole('article')).toHaveCount(6);
  });
});
