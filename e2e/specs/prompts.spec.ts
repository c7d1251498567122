import { expect, test } from './fixtures.js';

test.describe('prompts', () => {
  test('server-everything’s prompts: completions for an argument (with the other as context), Get renders the messages, recorded', async ({
    app,
    page,
  }) => {
    await app.console.connect('everything');
    await page.getByTestId('tab-prompts').click();
    await expect(page.locator('[data-testid=prompt-server][data-server=everything]')).toContainText('4 prompts');
    await page.locator('[data-testid=prompt-item][data-name=completable-prompt]').click();
    // The list marks the prompt open beside it, and only that one.
    await expect(page.locator('[data-testid=prompt-item][aria-current=true]')).toHaveAttribute(
      'data-name',
      'completable-prompt',
    );
    await expect(page.locator('[data-testid=prompt-item][aria-current=true]')).toHaveCount(1);
    const form = page.getByTestId('prompt-form');
    await form.locator('[data-testid=prompt-arg][data-arg=department]').fill('Eng');
    await expect(page.locator('[data-testid=prompt-completions][data-arg=department] option')).toHaveCount(1);
    await expect(page.locator('[data-testid=prompt-completions][data-arg=department] option')).toHaveAttribute(
      'value',
      'Engineering',
    );
    await form.locator('[data-testid=prompt-arg][data-arg=department]').fill('Engineering');
    await form.locator('[data-testid=prompt-arg][data-arg=name]').fill('');
    await form.locator('[data-testid=prompt-arg][data-arg=name]').focus();
    await expect(page.locator('[data-testid=prompt-completions][data-arg=name] option')).toHaveCount(3);
    await form.locator('[data-testid=prompt-arg][data-arg=name]').fill('Alice');
    await page.getByTestId('prompt-get').click();
    const message = page.getByTestId('prompt-message').first();
    await expect(message).toHaveAttribute('data-role', 'user');
    await expect(message.getByTestId('content-block')).toContainText('Alice');
    await page.getByTestId('tab-audit').click();
    await expect(page.locator('[data-testid=audit-entry][data-kind=prompt-got]')).toHaveCount(1);
  });
});
