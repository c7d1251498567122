import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { SchemaValidator } from '../calls/schema-validator.js';
import { re2 } from './re2.js';

const loadedRe2 = () => Object.keys(createRequire(import.meta.url).cache).some((f) => /[\\/]re2js[\\/]/.test(f));

describe('re2js on first use', () => {
  it('is not loaded until a pattern is compiled, then once', () => {
    // The core's modules imported and a validator made: nothing needed RE2 yet.
    const v = new SchemaValidator();
    expect(loadedRe2()).toBe(false);
    // A server's pattern runs on RE2 (Ajv's own meta-schemas have patterns too): loaded now.
    expect(v.check({ type: 'string', pattern: '^a+$' }, 'aab')).toMatchObject({ ok: false });
    expect(loadedRe2()).toBe(true);
    expect(re2()).toBe(re2());
    expect(re2().compile('^(a+)+$').matcher('aaaa').find()).toBe(true);
  });
});
