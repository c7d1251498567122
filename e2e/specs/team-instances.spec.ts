import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { signIn } from '../pages/team-sign-in.js';
import { startIdentityProvider, type IdentityProvider } from '../harness/oidc.js';
import { startPostgres, type TestPostgres } from '../harness/postgres.js';
import { instanceFiles, instancePorts, startInstance, stopTeam, type TeamInstance } from '../harness/team-instances.js';
import { agentClient, agentOf, served } from '../harness/team-store-checks.js';

/**
 * Two `serve --team` instances on one PostgreSQL database, in the browser: an agent connected to A, approvers signed in
 * on B, the decision taken in B's page releasing the call A holds.
 */
test.describe('a team service of two instances, in the browser', () => {
  test.describe.configure({ mode: 'serial' });
  const dir = mkdtempSync(join(tmpdir(), 'team-two-'));
  let db: TestPostgres;
  let idp: IdentityProvider;
  const instances: TeamInstance[] = [];
  let token: string;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    db = await startPostgres();
    const { ports, redirects } = await instancePorts(2);
    idp = await startIdentityProvider(redirects);
    const files = ['a', 'b'].map((n, i) => instanceFiles(join(dir, n), idp, ports[i]!, { store: db.url }));
    token = agentOf(files[0]!, 'erin-ci');
    for (const [i, n] of ['a', 'b'].entries()) instances.push(await startInstance(n, files[i]!, ports[i]!));
    await served(instances[0]!, token);
  });
  test.afterAll(() => stopTeam(instances, idp, db, dir));

  test("an approver's page on B decides a call an agent made on A; the other approver is told whose it was", async ({
    browser,
  }) => {
    const [a, b] = instances as [TeamInstance, TeamInstance];
    const bob = await signIn(browser, b.url, 'bob');
    const alice = await signIn(browser, a.url, 'alice');
    await expect(bob.getByTestId('signed-in-as')).toHaveAttribute('data-subject', 'bob');
    const agent = await agentClient(a, token);
    const answer = agent.callTool({ name: 'fx.echo', arguments: { message: 'deploy 43 from a' } });
    await expect(bob.getByTestId('approval-badge')).toHaveText('1 waiting for approval', { timeout: 15_000 });
    await expect(alice.getByTestId('approval-badge')).toHaveText('1 waiting for approval');
    await bob.getByTestId('approval-badge').click();
    const item = bob.getByTestId('approval-item').first();
    await expect(item).toHaveAttribute('data-requester', 'erin');
    // B's page says where the call is held; A's own page does not (it holds it).
    await expect(item.getByTestId('approval-held-by')).toHaveAttribute('data-instance', 'a');
    await alice.getByTestId('approval-badge').click();
    await expect(alice.getByTestId('approval-item').first().getByTestId('approval-held-by')).toHaveCount(0);
    await alice.getByTestId('approval-open').first().click();
    await expect(alice.getByTestId('approval-dialog')).toBeVisible();
    await bob.getByTestId('approval-open').first().click();
    const dialog = bob.getByTestId('approval-dialog');
    await expect(dialog.getByTestId('approval-args')).toContainText('"message": "deploy 43 from a"');
    const approve = dialog.getByTestId('approve-once');
    await expect(approve).toBeEnabled();
    const t0 = Date.now();
    await approve.click();
    const result = await answer;
    console.log(`click on B's page to the agent's answer on A: ${Date.now() - t0} ms`);
    expect(JSON.stringify(result.content)).toContain('deploy 43 from a');
    // Alice had the same call open on A: she is told Bob decided it, instead of her dialog closing without a word.
    await expect(alice.getByTestId('approval-already-decided')).toContainText('Bob Approver');
    await expect(bob.getByTestId('approval-badge')).toBeHidden();
    await agent.close();
    await bob.context().close();
    await alice.context().close();
  });
});
