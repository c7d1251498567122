// A planted lint violation (ignored by `npm run lint`, linted on purpose by e2e/house/lint.int.test.ts):
// a promise nobody awaits, whose failure would vanish.
export async function save(): Promise<void> {
  await Promise.resolve();
}

export function caller(): void {
  save();
}
