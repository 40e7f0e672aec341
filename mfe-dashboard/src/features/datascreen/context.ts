// What differs between the data screen in the console and on a wall display: how the live stream
// is opened (the session cookie, or the display's API key), whether the list can be exported as a
// download (a cookie goes with a link; a key does not), how idleness is watched, and a first summary
// the wall display already holds.
import { createContext, useContext } from 'react';
import type { ActivationSummary } from '@airloom/contracts';
import { openWithCookie, type OpenStream } from '../../live/activation-events';

export interface DataScreenSettings {
  openStream: OpenStream;
  exportAllowed: boolean;
  /** spec §9 idle screen detection: checked every `pollMs` (3 s); idle after `timeoutMs` without input */
  idle: { pollMs: number; timeoutMs: number };
  /** while idle, the range moves on to the next one this often */
  rotateMs: number;
  /** the summary of FIRST_RANGE already in hand (the wall display asks for it beside its sign-in check) */
  firstSummary?: ActivationSummary;
}

export const DEFAULT_SETTINGS: DataScreenSettings = {
  openStream: openWithCookie,
  exportAllowed: true,
  idle: { pollMs: 3000, timeoutMs: 120_000 },
  rotateMs: 30_000,
};

export const DataScreenContext = createContext<DataScreenSettings>(DEFAULT_SETTINGS);

export const useDataScreenSettings = () => useContext(DataScreenContext);
