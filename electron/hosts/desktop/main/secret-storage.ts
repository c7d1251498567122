import type { safeStorage as SafeStorage } from 'electron';
import type { KeyWrapper } from '../../../core/index.js';

/**
 * The key that seals OAuth tokens, protected by Electron's safeStorage (the macOS Keychain,
 * Windows DPAPI, or the Linux secret service / kwallet). Without an OS backend (Linux with
 * `basic_text`, which is a fixed key), none is returned and the core keeps its user-only key file,
 * saying so in the auth view.
 */
export function safeStorageWrapper(safeStorage: typeof SafeStorage): KeyWrapper | undefined {
  if (!safeStorage.isEncryptionAvailable()) return undefined;
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text') return undefined;
  return {
    name: `the operating system's keychain (Electron safeStorage${process.platform === 'linux' ? `, ${safeStorage.getSelectedStorageBackend?.()}` : ''})`,
    wrap: (key) => safeStorage.encryptString(key.toString('base64')),
    unwrap: (wrapped) => Buffer.from(safeStorage.decryptString(wrapped), 'base64'),
  };
}
