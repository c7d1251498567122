import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './fixtures.js';

const RULES = [
  {
    id: 'echo-ok',
    effect: 'allow',
    agent: '@person',
    server: 'fx',
    tool: 'echo',
    when: [{ path: '/message', glob: 'hello*' }],
    reason: 'greetings are harmless',
  },
  { id: 'look', effect: 'ask', tool: 'content_text', reason: 'content is looked at by a person' },
  { id: 'no-writes', effect: 'deny', tool: 'ann_ffff', reason: 'writing tools are not used from this console' },
];

test.use({ policy: { rules: RULES } });

test("the organisation's policy decides without a dialog, asks with its reason, refuses; the Agents tab shows its rules and follows the file", async ({
  app,
  page,
}) => {
  const c = app.console;
  await c.connect('fx');
  // An allow: the call runs without a dialog, and says which rule let it through.
  await c.openTool('fx', 'echo');
  await page.getByTestId('mode-json').click();
  await c.setJson({ message: 'hello world' });
  await page.getByTestId('call-button').dispatchEvent('click');
  await expect(c.lastResult()).toHaveAttribute('data-status', 'ok');
  await expect(c.lastResult()).toContainText('by org-policy (rule echo-ok)');
  await expect(c.dialog).toBeHidden();
  // The same tool with other arguments: no rule decides, the person is asked as always.
  await c.setJson({ message: 'goodbye' });
  await page.getByTestId('call-button').dispatchEvent('click');
  await expect(c.dialog).toBeVisible();
  await expect(c.dialog.getByTestId('approval-rule')).toHaveCount(0);
  await c.approveOnce();
  // An ask: the dialog names the rule and its reason.
  await c.openTool('fx', 'content_text');
  await page.getByTestId('call-button').dispatchEvent('click');
  await expect(c.dialog.getByTestId('approval-rule')).toContainText('look');
  await expect(c.dialog.getByTestId('approval-rule')).toContainText('content is looked at by a person');
  // Asked each time: no allow for later is offered.
  await expect(c.dialog.getByTestId('approve-session')).toHaveCount(0);
  await c.approveOnce();
  // A deny: refused, unsent, with the rule and reason.
  await c.openTool('fx', 'ann_ffff');
  await page.getByTestId('call-button').dispatchEvent('click');
  await expect(c.lastResult()).toHaveAttribute('data-status', 'denied');
  await expect(c.lastResult()).toContainText(
    "refused by the organisation's policy, rule no-writes: writing tools are not used from this console",
  );

  // The Agents tab: the rules beside the grants, read only, with the file they came from.
  await page.getByTestId('tab-agents').click();
  const rules = page.getByTestId('policy-rules');
  await expect(rules.getByTestId('policy-source')).toHaveAttribute('data-kind', 'flag');
  await expect(rules.getByTestId('policy-row')).toHaveCount(3);
  await expect(rules.locator('[data-testid=policy-row][data-rule=echo-ok]')).toContainText(
    'you (console, command line) · fx / echo · /message glob "hello*"',
  );
  await expect(rules.locator('[data-testid=policy-row][data-rule=no-writes]')).toHaveAttribute('data-effect', 'deny');
  await expect(rules.locator('button')).toHaveCount(0);
  // The file changes: the view follows it without a reload, and a broken edit is shown with the rules kept.
  writeFileSync(join(app.dataDir, 'policy.json'), JSON.stringify({ rules: RULES.slice(0, 2) }));
  await expect(rules.getByTestId('policy-row')).toHaveCount(2);
  // What changed is shown: the rule taken out.
  await expect(rules.getByTestId('policy-change')).toContainText('1 rule out, 0 rules in');
  await rules.getByTestId('policy-change').locator('summary').click();
  await expect(rules.getByTestId('policy-change')).toContainText('- {"id":"no-writes"');
  writeFileSync(join(app.dataDir, 'policy.json'), '{ "rules": [ { "effect": "allow" } ] }');
  await expect(rules.getByTestId('policy-problem')).toContainText('the rules read before stay in force');
  await expect(rules.getByTestId('policy-row')).toHaveCount(2);
});
