import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readPlacedBytes, writeFileAtomic } from '../support/index.js';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Seals and opens the console's secrets (OAuth tokens, registered client secrets). */
export interface SecretBox {
  /** Where the key lives, and what that protects against (shown in the auth view). */
  readonly storage: string;
  seal(plain: Buffer): Buffer;
  open(sealed: Buffer): Buffer;
}

/**
 * What protects the key itself: the desktop app passes Electron's `safeStorage` (the OS keychain
 * or its equivalent) from the shell; the core never imports Electron.
 */
export interface KeyWrapper {
  readonly name: string;
  wrap(key: Buffer): Buffer;
  unwrap(wrapped: Buffer): Buffer;
}

const MAGIC = Buffer.from('MCB1');

/**
 * AES-256-GCM with a random 256-bit key kept in `<dir>/key` (mode 0600), or in `<dir>/key.wrapped`
 * sealed by a KeyWrapper. Without a wrapper, anyone who can read the user's files can read the key:
 * the tokens are not in any plain file, but the protection is the file permissions (stated in
 * SECURITY.md and in the auth view). The OS keychain libraries on npm need a desktop session's
 * Secret Service here, which a server or CI machine does not have.
 */
export function keyFileBox(dir: string, wrapper?: KeyWrapper): SecretBox {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, wrapper ? 'key.wrapped' : 'key');
  let key: Buffer;
  if (existsSync(file)) {
    const raw = readPlacedBytes(file, 'the key file', 64 * 1024);
    key = wrapper ? wrapper.unwrap(raw) : Buffer.from(raw.toString('utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 256-bit key`);
  } else {
    key = randomBytes(32);
    writeFileAtomic(file, wrapper ? wrapper.wrap(key) : key.toString('base64'));
  }
  chmodSync(file, 0o600);
  const storage = wrapper
    ? `encrypted (AES-256-GCM); the key is protected by ${wrapper.name}`
    : `encrypted (AES-256-GCM) with a key in ${file}, readable only by this user: anyone who can read this user's files can decrypt it (no OS keychain is reachable from here)`;
  return {
    storage,
    seal(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain), c.final()]);
      return Buffer.concat([MAGIC, iv, c.getAuthTag(), body]);
    },
    open(sealed) {
      if (sealed.length < 32 || !sealed.subarray(0, 4).equals(MAGIC))
        throw new Error('not a sealed secret (or another key sealed it)');
      const d = createDecipheriv('aes-256-gcm', key, sealed.subarray(4, 16));
      d.setAuthTag(sealed.subarray(16, 32));
      return Buffer.concat([d.update(sealed.subarray(32)), d.final()]);
    },
  };
}
