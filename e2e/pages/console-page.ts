import { expect, type Locator, type Page } from '@playwright/test';

/** The console as a test sees it: stable handles only (AUTOMATION.md). */
export class ConsolePage {
  constructor(readonly page: Page) {}

  server(id: string): Locator {
    return this.page.locator(`[data-testid=server-item][data-server="${id}"]`);
  }

  tool(server: string, name: string): Locator {
    return this.page.locator(`[data-testid=tool-item][data-server="${server}"][data-tool="${name}"]`);
  }

  get dialog(): Locator {
    return this.page.getByTestId('approval-dialog');
  }

  async connect(id: string): Promise<void> {
    await this.server(id).getByTestId('connect').click();
    await expect(this.server(id)).toHaveAttribute('data-status', 'connected');
  }

  /** Filters the catalog to one tool and opens it. */
  async openTool(server: string, name: string): Promise<void> {
    await this.page.getByTestId('tool-search').fill(name);
    await this.tool(server, name).click();
    await expect(this.page.getByTestId('tool-detail')).toBeVisible();
  }

  /** Waits until the dialog's approve controls are armed (they ignore activation for their first second). */
  async armed(): Promise<void> {
    await expect(this.dialog).toHaveAttribute('data-armed', 'true');
  }

  async approveOnce(): Promise<void> {
    await this.armed();
    await this.dialog.getByTestId('approve-once').click();
    await expect(this.dialog).toBeHidden();
  }

  /** Calls the open tool with JSON arguments typed as text, and approves it once. */
  async callWithJson(args: object, approve = true): Promise<void> {
    await this.page.getByTestId('mode-json').click();
    await this.setJson(args);
    // Clicked as an event on the button itself: the form's check (150 ms after typing) may still be
    // moving the panel's layout, and a click by position can then land beside the button.
    await expect(this.page.getByTestId('call-button')).toBeEnabled();
    await this.page.getByTestId('call-button').dispatchEvent('click');
    await expect(this.dialog).toBeVisible();
    if (approve) await this.approveOnce();
  }

  /** Replaces the JSON editor's text (Monaco: select all, then type). */
  async setJson(args: object): Promise<void> {
    const editor = this.page.getByTestId('json-editor').locator('.monaco-editor').first();
    const json = JSON.stringify(args);
    // On a busy machine keys can reach Monaco before it has focus: type again until it shows exactly the JSON.
    await expect(async () => {
      await editor.click();
      await this.page.keyboard.press('ControlOrMeta+a');
      await this.page.keyboard.press('Delete');
      await this.page.keyboard.insertText(json);
      const shown = (await editor.locator('.view-lines').innerText()).replace(/\u00a0/g, ' ').replace(/\n/g, '');
      expect(shown).toBe(json);
    }).toPass({ timeout: 15_000 });
  }

  lastResult(): Locator {
    return this.page.getByTestId('call-result').first();
  }
}
