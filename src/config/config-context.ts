import { createContext, useContext } from 'react';
import type { ConsoleConfig } from './config.ts';

export const ConfigContext = createContext<ConsoleConfig | null>(null);

export function useConfig(): ConsoleConfig {
  const config = useContext(ConfigContext);
  if (config === null) throw new Error('useConfig outside ConfigContext');
  return config;
}
