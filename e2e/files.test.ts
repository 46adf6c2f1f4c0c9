import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestKernel, type TestKernel, type TestUser } from '@guiche/core/testing';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';

/**
 * The file lists page in Debian's chromium against a real kernel (outreach-config.md §2 File lists,
 * §5, §7): the empty state, the dialog's messages ("nome muito curto", message required, an entry
 * needs a name and a file), a list created with a file uploaded through POST /files/uploadList/{id}
 * and served back, a list created elsewhere joining a search live, the focus kept where the user put it while a
 * dialog closes, and delete behind the confirmation.
 */

let kernel: TestKernel;
let browser: Browser;
let admin: TestUser;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
  admin = (await kernel.createCompany()).admin;
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

async function apiOk(method: string, apiPath: string, body?: unknown) {
  const res = await kernel.api(method, apiPath, { token: admin.token, body });
  expect(res.status, `${method} ${apiPath}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

const rowOf = (page: Page, name: string) => page.getByTestId('file-row').filter({ has: page.getByText(name, { exact: true }) });

describe('file lists page', () => {
  it('creates a list with a file, keeps the list live, searches and deletes', async () => {
    const page = await newPage(browser, kernel, { viewport: { width: 1366, height: 900 } });
    page.setDefaultTimeout(10_000);
    await logIn(page, { email: admin.user.email, password: admin.password }, '/files');
    await page.getByText('Nenhuma lista de arquivos ainda').waitFor();

    await page.getByTestId('files-add').click();
    const dialog = page.getByTestId('file-dialog');
    await dialog.locator('#file-name').fill('Ab');
    await dialog.getByTestId('file-add-option').click();
    await page.getByTestId('file-save').click();
    await dialog.getByText('nome muito curto').waitFor();
    expect(await dialog.getByText('Obrigatório').isVisible()).toBe(true);
    expect(await dialog.getByText('Informe o nome do arquivo').isVisible()).toBe(true);
    expect(await dialog.getByText('Escolha um arquivo').isVisible()).toBe(true);

    await dialog.locator('#file-name').fill('Catálogo de preços');
    await dialog.locator('#file-message').fill('Segue nossa tabela de preços.');
    await dialog.locator('#file-option-0-name').fill('Tabela 2026');
    await dialog.getByTestId('file-option-0-file').setInputFiles({ name: 'tabela.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByTestId('file-save').click();
    await page.locator('.bp6-toast').filter({ hasText: 'Lista de arquivos criada com sucesso.' }).first().waitFor();
    await rowOf(page, 'Catálogo de preços').waitFor();

    const page1 = await apiOk('GET', '/files?pageNumber=1');
    expect(page1.files).toHaveLength(1);
    const [stored] = page1.files;
    expect(stored).toMatchObject({ name: 'Catálogo de preços', message: 'Segue nossa tabela de preços.' });
    expect(stored.options).toHaveLength(1);
    expect(stored.options[0]).toMatchObject({ name: 'Tabela 2026', mediaType: 'application/pdf' });
    const served = await fetch(new URL(stored.options[0].path, kernel.url));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);

    // Editing shows the stored file; the list counts its files.
    await rowOf(page, 'Catálogo de preços').getByTestId('file-edit').click();
    expect(await dialog.locator('#file-option-0-name').inputValue()).toBe('Tabela 2026');
    await dialog.getByText('Abrir o arquivo atual').waitFor();

    // Cancel and search at once: the closing dialog leaves the focus in the search box (Blueprint
    // would hand it back to the edit button when its transition ends, and the next keys went there).
    await page.getByRole('button', { name: 'Cancelar' }).click();
    const search = page.getByTestId('files-search');
    await search.fill('manual');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await search.evaluate((box) => box === document.activeElement)).toBe(true);
    await page.getByText('Nenhuma lista encontrada').waitFor();

    // A list created elsewhere joins the searched rows live; clearing the search shows both.
    await apiOk('POST', '/files', { name: 'Manual do cliente', message: 'Veja o manual.', options: [] });
    await rowOf(page, 'Manual do cliente').waitFor();
    expect(await page.getByTestId('file-row').count()).toBe(1);
    await search.fill('');
    await expect.poll(() => page.getByTestId('file-row').count()).toBe(2);

    // Delete behind the confirmation.
    await rowOf(page, 'Catálogo de preços').getByTestId('file-delete').click();
    const confirm = page.getByRole('dialog', { name: 'Excluir a lista Catálogo de preços?' });
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect.poll(() => rowOf(page, 'Catálogo de preços').count()).toBe(0);
    expect((await kernel.api('GET', `/files/${stored.id}`, { token: admin.token })).status).toBe(404);
  });
});
