// The shell's props (MfeProps) for every component of a remote (ARCHITECTURE §3 remote kit):
// createRemote provides them, pages read them with useMfe().
import { createContext, useContext } from 'react';
import type { MfeProps } from './props';

export const MfeContext = createContext<MfeProps | null>(null);

export function useMfe(): MfeProps {
  const props = useContext(MfeContext);
  if (!props) throw new Error('useMfe must be used inside a remote made by createRemote');
  return props;
}
