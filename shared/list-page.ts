/**
 * One page of any list the console serves (tools now; resources, prompts and templates next): the
 * items from `offset`, at most `limit` of them. The whole list when neither is given.
 */
export function pageOf<T>(items: readonly T[], offset = 0, limit?: number): T[] {
  if (offset === 0 && limit === undefined) return items as T[];
  return items.slice(offset, limit === undefined ? undefined : offset + limit);
}
