// The shell's props (MfeProps) for every component of this remote.
import { createContext, useContext } from 'react';
import type { MfeProps } from '@airloom/shared-ui';

export const MfeContext = createContext<MfeProps | null>(null);

export function useMfe(): MfeProps {
  const props = useContext(MfeContext);
  if (!props) throw new Error('useMfe must be used inside the network root');
  return props;
}
