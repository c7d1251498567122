import type { Token } from './intent-text.js';

// The words of an advertisement (intent-advert.ts reads them as a sale): what a text says to make the model feel about
// a tool rather than what the tool does — "Effortlessly capture the essence of every moment", "a captivating,
// breathtaking experience". Taken from the common vocabulary of advertising copy, less the words honest tool texts use
// for what they do ("premium" tier, "unlock" a file, stop "gracefully", a user "journey", "confidence" scores,
// "seamless" integrations, "state of the art" models): none of 25,931 honest texts of real servers says one of these.

/** Words of advertising copy. */
export const REGISTER: ReadonlySet<string> = new Set(
  `effortless effortlessly captivating captivate reassurance reassuring tranquility tranquil serenity serene essence
  embark harmonious vibrant unparalleled unmatched unrivaled unrivalled cutting-edge revolutionary revolutionize
  revolutionise exceptional exceptionally top-tier exquisite stunning magical transformative game-changing
  game-changer next-level supercharge supercharged elevate elevates elevating empower empowers empowering delight
  delightful delightfully inspiring breathtaking remarkable remarkably flawless flawlessly elegantly fluidly
  confidently hassle-free worry-free stress-free blissful joyful cherish cherished treasured indispensable unbeatable
  incomparable extraordinary phenomenal impeccable impeccably masterfully artfully brilliantly dazzling splendid superb
  superbly wondrous wonderfully marvelous marvellous sublime enchanting enriching thrive thriving boundless limitless
  timeless`.split(/\s+/),
);

/** The advertising word at `i`, said as copy ("peace of mind", "with ease" in two or three words), or undefined. */
export function copyAt(ts: readonly Token[], i: number): string | undefined {
  const t = ts[i]!;
  if (REGISTER.has(t.w)) return t.raw;
  if (t.w === 'peace' && ts[i + 1]?.w === 'of' && ts[i + 2]?.w === 'mind') return 'peace of mind';
  if (t.w === 'ease' && ts[i - 1]?.w === 'with') return 'with ease';
  return undefined;
}
