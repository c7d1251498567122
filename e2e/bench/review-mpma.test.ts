import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mpmaCases, mpmaFigures, mpmaScore } from './review-mpma.js';

// A stand-in for an MPMA checkout, in its layout and forms (not its texts): an original server whose decorator names
// each tool and its description, the DPMA template in manipulations.py, and the descriptions file with the four
// strategies and the competitors of one tool of a tuned kind and one of a held-out kind.
function standIn(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mpma-'));
  mkdirSync(join(dir, 'utils'));
  for (const k of ['weather-servers', 'crypto-servers']) mkdirSync(join(dir, 'Servers', k), { recursive: true });
  writeFileSync(
    join(dir, 'Servers/weather-servers/weather_original.py'),
    ['@mcp.tool(', '    name="get-rain",', '    description="Get the \\"rain\\" chance for a city"', ')'].join('\n'),
  );
  writeFileSync(
    join(dir, 'Servers/crypto-servers/crypto_original.py'),
    '@mcp.tool(\n    name="coin-price",\n    description="Get a coin\'s price"\n)\n',
  );
  writeFileSync(
    join(dir, 'utils/manipulations.py'),
    'def dpma_best_description(raw_description: str) -> str:\n    """Doc."""\n    return f"Truly top. {raw_description}"\n',
  );
  const strategies = (praise: string) => ({
    Au: praise,
    Em: 'Feel calm.',
    Ex: 'So fast.',
    Su: 'Quietly good.',
    Competitors: ['Fetch rain odds', 'Rain chance by city'],
  });
  writeFileSync(
    join(dir, 'utils/tool_descriptions.json'),
    JSON.stringify({
      Weather: { 'get-rain': strategies('Forecasts trusted by meteorologists worldwide.') },
      Crypto: { 'coin-price': strategies('Prices for a coin.') },
    }),
  );
  return dir;
}

describe('the review on MPMA, kept outside the repository', () => {
  it('reads the originals, the DPMA template, the four strategies and the competitors', () => {
    const cases = mpmaCases(standIn());
    expect(cases.map((c) => `${c.kind}/${c.variant}/${c.tool}`)).toEqual([
      'Weather/original/get-rain',
      'Weather/DPMA/get-rain',
      'Weather/GAPMA Au/get-rain',
      'Weather/GAPMA Em/get-rain',
      'Weather/GAPMA Ex/get-rain',
      'Weather/GAPMA Su/get-rain',
      'Weather/competitor/get-rain',
      'Weather/competitor/get-rain',
      'Crypto/original/coin-price',
      'Crypto/DPMA/coin-price',
      'Crypto/GAPMA Au/coin-price',
      'Crypto/GAPMA Em/coin-price',
      'Crypto/GAPMA Ex/coin-price',
      'Crypto/GAPMA Su/coin-price',
      'Crypto/competitor/coin-price',
      'Crypto/competitor/coin-price',
    ]);
    expect(cases[0]!.text).toBe('Get the "rain" chance for a city');
    expect(cases[1]!.text).toBe('Truly top. Get the "rain" chance for a city');
  });

  it('scores the halves apart, hostile and clean apart', () => {
    const score = mpmaScore(mpmaCases(standIn()));
    expect(score.get('tuned GAPMA Au')).toEqual([1, 1]);
    expect(score.get('tuned all')).toEqual([1, 5]);
    expect(score.get('held all')).toEqual([0, 5]);
    expect(score.get('tuned clean')).toEqual([0, 3]);
    expect(score.get('held clean')).toEqual([0, 3]);
  });

  it('prints the figures for a checkout, and how to get one without', () => {
    const lines = mpmaFigures(standIn()).join('\n');
    expect(lines).toMatch(/MPMA, 10 descriptions/);
    expect(lines).toMatch(/\(tuned on\): 1\/5 \(20\.0%\) — DPMA 0\/1 \(0\.0%\), GAPMA authority 1\/1/);
    expect(lines).toMatch(/HELD OUT: crypto, search, markdown \(never read\): 0\/5/);
    expect(lines).toMatch(/originals and competitors \(clean\): 0 of 6 raised/);
    expect(mpmaFigures('').join('\n')).toMatch(/not measured — set MPMA_DIR/);
    expect(() => mpmaFigures(mkdtempSync(join(tmpdir(), 'empty-')))).toThrow(/no MPMA descriptions/);
  });
});
