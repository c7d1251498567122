import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { readPlacedBytes, readPlacedText, writeFileAtomic } from '../support/index.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Signed checkpoints (issue "For a team"): an Ed25519 key per data directory signs every checkpoint
 * of the audit log. The private key is sealed at rest by the same box as the OAuth tokens; the
 * public key is kept in plain beside it (`audit-signing.pub`) and printed by `audit pubkey`. A
 * checkpoint kept away from the machine (`audit anchor`) then proves, to whoever holds the public
 * key, which entry the log held at that point: a log cut and re-chained after it no longer does.
 */

/** A checkpoint: the newest entry's sequence number and hash (checkpoint.ts writes them). */
export interface Checkpoint {
  seq: number;
  hash: string;
}

/** What seals the private key at rest (the auth box: AES-256-GCM, its key protected as SECURITY.md says). */
export interface Sealer {
  seal(plain: Buffer): Buffer;
  open(sealed: Buffer): Buffer;
}

/** A signed checkpoint: the checkpoint, the signature of its message, and the key that made it. */
export interface SignedCheckpoint extends Checkpoint {
  sig: string;
  key: string;
}

/** Signs checkpoints with the data directory's key. */
export interface CheckpointSigner {
  /** `ed25519:` and the raw public key in base64. */
  readonly publicKey: string;
  sign(cp: Checkpoint): SignedCheckpoint;
}

export const SIGNING_KEY_FILE = 'audit-signing.key';
export const PUBLIC_KEY_FILE = 'audit-signing.pub';
const PREFIX = 'ed25519:';
/** The DER header of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it. */
const SPKI_HEADER = Buffer.from('302a300506032b6570032100', 'hex');

/** The bytes a checkpoint's signature covers: a fixed label, then its sequence number and hash. */
export const checkpointMessage = (cp: Checkpoint): Buffer =>
  Buffer.from(`mcp-console audit checkpoint v1\n${cp.seq}\n${cp.hash}`, 'utf8');

const rawPublic = (key: KeyObject): string =>
  PREFIX + (key.export({ format: 'der', type: 'spki' }) as Buffer).subarray(SPKI_HEADER.length).toString('base64');

/** A public key as `ed25519:BASE64` (as printed), or null when it is not one. */
export function publicKeyOf(text: string): KeyObject | null {
  const t = text.trim();
  if (!t.startsWith(PREFIX)) return null;
  const raw = Buffer.from(t.slice(PREFIX.length), 'base64');
  if (raw.length !== 32) return null;
  try {
    return createPublicKey({ key: Buffer.concat([SPKI_HEADER, raw]), format: 'der', type: 'spki' });
  } catch {
    return null;
  }
}

/** The data directory's signer: its sealed key, made on first use (with the public key beside it). */
export function checkpointSigner(dataDir: string, sealer: Sealer): CheckpointSigner {
  const file = join(dataDir, SIGNING_KEY_FILE);
  let priv: KeyObject;
  if (existsSync(file))
    priv = createPrivateKey({
      key: sealer.open(readPlacedBytes(file, 'the signing key', 64 * 1024)),
      format: 'der',
      type: 'pkcs8',
    });
  else {
    priv = generateKeyPairSync('ed25519').privateKey;
    writeFileAtomic(file, sealer.seal(priv.export({ format: 'der', type: 'pkcs8' }) as Buffer));
  }
  const publicKey = rawPublic(createPublicKey(priv));
  const pubFile = join(dataDir, PUBLIC_KEY_FILE);
  if (!existsSync(pubFile) || readPlacedText(pubFile, 'the public key', 64 * 1024).trim() !== publicKey)
    writeFileAtomic(pubFile, `${publicKey}\n`);
  return {
    publicKey,
    sign: (cp) => ({
      seq: cp.seq,
      hash: cp.hash,
      sig: sign(null, checkpointMessage(cp), priv).toString('base64'),
      key: publicKey,
    }),
  };
}

/** Whether `cp` carries a signature of its own sequence number and hash by `key` (`ed25519:…`). */
export function signatureHolds(cp: SignedCheckpoint, key: string): boolean {
  const k = publicKeyOf(key);
  if (!k || typeof cp.sig !== 'string') return false;
  try {
    return verify(null, checkpointMessage(cp), k, Buffer.from(cp.sig, 'base64'));
  } catch {
    return false;
  }
}
