import type pg from 'pg';

/**
 * The team store's schema, one step a version, applied in order at start (each in its own transaction, under a lock
 * every instance takes, so two instances starting at once apply each step once). A database a newer console migrated is
 * refused: this code would not know its tables.
 */
export const MIGRATIONS: readonly { version: number; what: string; sql: string }[] = [
  {
    version: 1,
    what: 'instances, sessions, the shared queue and its decisions',
    sql: `
      CREATE TABLE instances (
        name text PRIMARY KEY,
        host text NOT NULL,
        pid integer NOT NULL,
        started_at timestamptz NOT NULL,
        seen_at timestamptz NOT NULL,
        ended_at timestamptz
      );
      CREATE TABLE sessions (
        key text PRIMARY KEY,
        who jsonb NOT NULL,
        until timestamptz NOT NULL
      );
      CREATE INDEX sessions_until ON sessions (until);
      CREATE TABLE approvals (
        id uuid PRIMARY KEY,
        instance text NOT NULL REFERENCES instances (name),
        status text NOT NULL CHECK (status IN ('pending', 'approved', 'denied', 'expired', 'void')),
        body jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz
      );
      CREATE INDEX approvals_pending ON approvals (created_at) WHERE status = 'pending';
      -- The first decision wins by this key: a second one for the same approval cannot be written.
      CREATE TABLE decisions (
        approval_id uuid PRIMARY KEY REFERENCES approvals (id),
        decision text NOT NULL,
        decider jsonb,
        instance text NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      );
      -- A decision made on one instance for a call another holds: the holder applies it and writes the answer.
      CREATE TABLE decision_requests (
        id uuid PRIMARY KEY,
        approval_id uuid NOT NULL REFERENCES approvals (id),
        from_instance text NOT NULL,
        to_instance text NOT NULL,
        input jsonb NOT NULL,
        voter jsonb,
        answer jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    version: 2,
    what: "the team's audit log: one hash chain across instances, and its signed checkpoints",
    sql: `
      CREATE TABLE audit (
        seq bigint PRIMARY KEY,
        instance text NOT NULL,
        -- The entry's hash in its instance's own log: an entry sent twice (a commit whose answer was lost) is one.
        instance_hash text NOT NULL UNIQUE,
        line text NOT NULL,
        hash text NOT NULL
      );
      -- The chain's newest entry: every append takes this row's lock, so two instances never fork the chain.
      CREATE TABLE audit_head (
        one integer PRIMARY KEY CHECK (one = 1),
        seq bigint NOT NULL,
        hash text NOT NULL
      );
      INSERT INTO audit_head (one, seq, hash) VALUES (1, 0, repeat('0', 64));
      -- Calls the chain holds a request for and no outcome yet, by the instance that holds them: what is marked
      -- abandoned when that instance stops answering.
      CREATE TABLE open_calls (
        call_id text PRIMARY KEY,
        instance text NOT NULL,
        requested jsonb NOT NULL,
        approved boolean NOT NULL DEFAULT false
      );
      CREATE INDEX open_calls_instance ON open_calls (instance);
      CREATE TABLE audit_checkpoints (
        seq bigint NOT NULL,
        hash text NOT NULL,
        instance text NOT NULL,
        key text NOT NULL,
        sig text NOT NULL,
        at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (seq, key)
      );
    `,
  },
  {
    version: 3,
    what: "the gateway's agents: their servers, owners and token hashes, one list for every instance",
    sql: `
      CREATE TABLE agents (
        name text PRIMARY KEY,
        -- As each instance's agents.json keeps it: servers, the token's sha-256 (never the token), owner, times.
        agent jsonb NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    version: 4,
    what: "grants, settings, pins, the team's policy versions and the audit shipper's cursors",
    sql: `
      -- What each instance keeps in a file of its own, one row a key: a body, or null once removed (a removal is kept,
      -- so an instance that was away does not bring the row back).
      CREATE TABLE shared_state (
        kind text NOT NULL,
        key text NOT NULL,
        body jsonb,
        instance text NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (kind, key)
      );
      -- Each tool definition accepted for a server identity (a fingerprint and its definition), null once removed.
      CREATE TABLE pins (
        identity text NOT NULL,
        tool text NOT NULL,
        fingerprint text,
        pin jsonb,
        instance text NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (identity, tool)
      );
      -- Every version of the team's policy file that was in force, the newest last: every instance applies the newest.
      CREATE TABLE policy_versions (
        version bigserial PRIMARY KEY,
        hash text NOT NULL,
        text text NOT NULL,
        instance text NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX policy_versions_hash ON policy_versions (hash);
      -- Per receiver, the newest entry of the chain it acknowledged: the shipper elected after another goes on from it.
      CREATE TABLE ship_cursors (
        target text PRIMARY KEY,
        seq bigint NOT NULL,
        instance text NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
];

/** The newest schema this code knows. */
export const SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;

/** Any number: the lock every instance takes while it migrates (pg_advisory_xact_lock). */
const MIGRATION_LOCK = 7_310_424_001;

/** Applies what the database lacks; refuses a database migrated past this code. Returns the versions applied. */
export async function migrate(client: pg.ClientBase): Promise<number[]> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS mcp_console_schema (version integer PRIMARY KEY, what text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ v: number | null }>('SELECT max(version) AS v FROM mcp_console_schema');
    const have = rows[0]?.v ?? 0;
    if (have > SCHEMA_VERSION)
      throw new Error(
        `the team store's schema is version ${have}, newer than this MCP Console knows (${SCHEMA_VERSION}): run the newer console, or restore a backup taken before it migrated`,
      );
    const applied: number[] = [];
    for (const m of MIGRATIONS) {
      if (m.version <= have) continue;
      await client.query(m.sql);
      await client.query('INSERT INTO mcp_console_schema (version, what) VALUES ($1, $2)', [m.version, m.what]);
      applied.push(m.version);
    }
    await client.query('COMMIT');
    return applied;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
}
