import { createContext, useContext } from 'react';
import type { ConsoleApi } from './client';

export const ApiContext = createContext<ConsoleApi | null>(null);

/** The contract client for components. */
export function useApi(): ConsoleApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('no ConsoleApi provided');
  return api;
}
