import type pg from 'pg';
import type { AuditVerifyResult } from '../../../shared/schemas/audit.js';
import { GENESIS, lineSealed, readAnchor, signatureHolds, type Anchor } from '../audit/index.js';

// Reading the team's chain in its store without joining it: `audit verify --team` and `audit anchor --team`.

/** The team chain's newest signed checkpoint, as an anchor to keep away from the store; an error in words. */
export async function teamAnchor(pool: pg.Pool): Promise<Anchor | string> {
  const { rows } = await pool.query<{ seq: string; hash: string; key: string; sig: string; instance: string }>(
    'SELECT seq, hash, key, sig, instance FROM audit_checkpoints ORDER BY seq DESC LIMIT 1',
  );
  const r = rows[0];
  if (!r) return "the team's chain has no signed checkpoint yet";
  const cp = { seq: Number(r.seq), hash: r.hash, sig: r.sig, key: r.key };
  if (!signatureHolds(cp, r.key))
    return `the newest checkpoint (seq ${cp.seq}, by ${r.instance}) does not hold its signature`;
  return { format: 'mcp-console-audit-anchor/1', ...cp, at: new Date().toISOString() };
}

/**
 * Checks the team's whole chain in the store, page by page: each entry sealed, following the one before, in sequence;
 * the head row at its end; every signed checkpoint on an entry the chain holds; and, with an anchor, that entry still
 * there with its hash.
 */
export async function verifyTeamChain(
  pool: pg.Pool,
  anchor?: { anchor: Anchor; pubkey?: string },
): Promise<AuditVerifyResult & { instances: string[] }> {
  let prev = GENESIS;
  let prevSeq = 0;
  const instances = new Set<string>();
  const bad = (reason: string, seq?: number) => ({
    ok: false as const,
    entries: prevSeq,
    firstBadSeq: seq,
    reason,
    instances: [...instances],
  });
  for (;;) {
    const { rows } = await pool.query<{ seq: string; line: string; hash: string; instance: string }>(
      'SELECT seq, line, hash, instance FROM audit WHERE seq > $1 ORDER BY seq LIMIT 5000',
      [prevSeq],
    );
    if (rows.length === 0) break;
    for (const r of rows) {
      const seq = Number(r.seq);
      if (seq !== prevSeq + 1) return bad(`sequence ${seq} follows ${prevSeq} (entries were removed)`, prevSeq + 1);
      if (!lineSealed(r.line, r.hash)) return bad('its content does not match its hash (the entry was changed)', seq);
      let e: { seq?: unknown; prevHash?: unknown; instance?: unknown };
      try {
        e = JSON.parse(r.line) as typeof e;
      } catch {
        return bad('not valid JSON', seq);
      }
      if (e.seq !== seq) return bad(`the entry says seq ${String(e.seq)}, its row ${seq}`, seq);
      if (e.prevHash !== prev)
        return bad('it does not follow the entry before it (an entry was removed, inserted or reordered)', seq);
      if (e.instance !== r.instance) return bad('its instance is not the one that wrote it', seq);
      instances.add(r.instance);
      prev = r.hash;
      prevSeq = seq;
    }
  }
  const head = (await pool.query<{ seq: string; hash: string }>('SELECT seq, hash FROM audit_head WHERE one = 1'))
    .rows[0];
  if (!head) return bad('the chain has no head row (it was removed)');
  if (Number(head.seq) > prevSeq)
    return bad(
      `the chain ends at seq ${prevSeq}, before its head at seq ${head.seq}: entries were removed from its end`,
      prevSeq + 1,
    );
  if (Number(head.seq) !== prevSeq || head.hash !== prev)
    return bad(`the newest entry (seq ${prevSeq}) is not the one the head records`, prevSeq);
  const cps = await pool.query<{ seq: string; hash: string; key: string; sig: string; instance: string }>(
    'SELECT seq, hash, key, sig, instance FROM audit_checkpoints ORDER BY seq',
  );
  for (const c of cps.rows) {
    const cp = { seq: Number(c.seq), hash: c.hash, key: c.key, sig: c.sig };
    if (!signatureHolds(cp, c.key))
      return bad(`the checkpoint at seq ${cp.seq} by ${c.instance} does not hold its signature`, cp.seq);
    const at = await pool.query<{ hash: string }>('SELECT hash FROM audit WHERE seq = $1', [cp.seq]);
    if (at.rows[0]?.hash !== cp.hash)
      return bad(`the chain's entry seq ${cp.seq} is not the one ${c.instance} signed: it was rewritten`, cp.seq);
  }
  const result: AuditVerifyResult & { instances: string[] } = { ok: true, entries: prevSeq, instances: [...instances] };
  if (!anchor) return result;
  const a = anchor.anchor;
  if (anchor.pubkey && anchor.pubkey.trim() !== a.key)
    return bad(
      `the anchor was signed by another key (${a.key.slice(0, 20)}…), not ${anchor.pubkey.trim().slice(0, 20)}…`,
    );
  if (!signatureHolds(a, a.key)) return bad("the anchor's signature does not hold: the anchor was changed");
  const at = await pool.query<{ hash: string }>('SELECT hash FROM audit WHERE seq = $1', [a.seq]);
  if (!at.rows[0]) return bad(`the chain no longer holds entry seq ${a.seq}, anchored on ${a.at}`, a.seq);
  if (at.rows[0].hash !== a.hash)
    return bad(`the chain's entry seq ${a.seq} is not the one anchored on ${a.at}: the chain was rewritten`, a.seq);
  return { ...result, anchor: { seq: a.seq, at: a.at, key: a.key } };
}

/** Reads a team's store without joining it (no instance registered, nothing migrated): for `audit verify --team`. */
export async function withTeamStore<T>(url: string, fn: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const { default: pgm } = await import('pg');
  const pool = new pgm.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 5000 });
  pool.on('error', () => undefined);
  try {
    return await fn(pool);
  } finally {
    await pool.end().catch(() => undefined);
  }
}

/** `audit verify --team FILE [--anchor F [--pubkey KEY]]`: the team's chain in its store, against an anchor file. */
export async function verifyTeamAudit(
  url: string,
  against?: { anchor: string; pubkey?: string },
): Promise<AuditVerifyResult & { instances: string[] }> {
  const anchor = against && readAnchor(against.anchor);
  if (typeof anchor === 'string') return { ok: false, entries: 0, reason: anchor, instances: [] };
  return withTeamStore(url, (pool) => verifyTeamChain(pool, anchor && { anchor, pubkey: against?.pubkey }));
}
