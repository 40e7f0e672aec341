// How a run-log row reads on the data pages (run log and alarms): its event in the user's language,
// from the event's key and parameters (contracts' LOG_EVENTS), or the English text the API sent.
import type { TFunction } from 'i18next';
import { LOG_EVENTS, type LogEntry } from '@airloom/contracts';

/** The events' English texts as i18n resources: `events.<group>.<name>` (keys like `device.offline`). */
export function eventTexts(): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [key, def] of Object.entries(LOG_EVENTS)) {
    const [group, name] = key.split('.') as [string, string];
    (out[group] ??= {})[name] = def.en;
  }
  return out;
}

export function eventText(t: TFunction, e: LogEntry): string {
  return t(`runlog.events.${e.event}`, { ...e.params, defaultValue: e.text, interpolation: { escapeValue: false } });
}

export function timeText(iso: string): string {
  return new Date(iso).toLocaleString();
}
