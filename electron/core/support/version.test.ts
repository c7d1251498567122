import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIENT_INFO } from '../servers/index.js';
import { VERSION } from './version.js';

describe('the version', () => {
  it('is read from package.json, and is what the console tells servers', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(VERSION).toBe(pkg.version);
    expect(CLIENT_INFO.version).toBe(pkg.version);
  });
});
