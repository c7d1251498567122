import type { OrgPolicy } from '../policy/index.js';
import type { TeamStore } from './team-store.js';
import { InTurn } from './in-turn.js';

const CHANGED = 'mcpc_policy';

/**
 * The team's policy, one version in force on every instance: each version of the policy file an instance reads is
 * kept in the store's `policy_versions` (by its hash, in order), and every instance applies the newest. A policy file
 * changed on one machine is the team's new policy everywhere within milliseconds; an instance started with an older
 * copy of the file (a version the store already has) takes the newest rather than bringing the old one back. An
 * approval is bound to the version in force (`OrgPolicy.version`): alike on every instance, so a decision made on B
 * for a call held on A is checked against the same policy.
 */
export class SharedPolicy {
  private readonly steps = new InTurn((e) =>
    this.log(`team store: the team's policy could not be shared: ${e.message}`),
  );

  constructor(
    private readonly store: TeamStore,
    private readonly org: Pick<OrgPolicy, 'named' | 'adopt' | 'followNamed'>,
    private readonly log: (line: string) => void = () => {},
  ) {}

  async start(): Promise<void> {
    await this.offer(false);
    this.org.followNamed(() => this.steps.add(() => this.offer(true)));
    this.store.on(CHANGED, (p) => {
      if (p.from !== this.store.instance) this.steps.add(() => this.takeNewest());
    });
    this.store.onReconnect(() => this.steps.add(() => this.takeNewest()));
  }

  idle(): Promise<void> {
    return this.steps.idle();
  }

  /**
   * This instance's policy file: at start, a version the store never had is the team's newest, and an older copy is
   * not (the newest stands); changed while running (an operator's edit, a revert included), it is the newest.
   */
  private async offer(edited: boolean): Promise<void> {
    const mine = this.org.named();
    if (mine) {
      const added = await this.store.transaction(async (client) => {
        await client.query('LOCK TABLE policy_versions IN SHARE ROW EXCLUSIVE MODE');
        const { rows } = await client.query<{ hash: string; newest: boolean }>(
          `SELECT hash, version = (SELECT max(version) FROM policy_versions) AS newest
           FROM policy_versions WHERE hash = $1 ORDER BY version DESC LIMIT 1`,
          [mine.hash],
        );
        if (rows[0]?.newest || (rows.length > 0 && !edited)) return false;
        await client.query('INSERT INTO policy_versions (hash, text, instance) VALUES ($1, $2, $3)', [
          mine.hash,
          mine.text,
          this.store.instance,
        ]);
        await this.store.notify(CHANGED, { from: this.store.instance }, client);
        return true;
      });
      if (added) return;
    }
    await this.takeNewest();
  }

  private async takeNewest(): Promise<void> {
    const { rows } = await this.store.pool.query<{ version: string; hash: string; text: string; instance: string }>(
      'SELECT version, hash, text, instance FROM policy_versions ORDER BY version DESC LIMIT 1',
    );
    const newest = rows[0];
    if (!newest || newest.hash === this.org.named()?.hash) return;
    this.org.adopt(newest.text, `the team store (version ${newest.version}, written by ${newest.instance})`);
  }
}
