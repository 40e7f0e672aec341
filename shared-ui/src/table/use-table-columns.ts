// The Table's column chooser wired to the shell's per-account settings (spec §3 "table shrink
// settings per account"): `<Table columnChooser={useTableColumns('devices')} …/>`.
import { useCallback, useContext, useState } from 'react';
import { MfeContext } from '../mfe/context';

export function useTableColumns(tableId: string): { hidden: readonly string[] | null; onChange(hidden: string[]): void } {
  const settings = useContext(MfeContext)?.tableColumns;
  const [hidden, setHidden] = useState<readonly string[] | null>(() => settings?.hidden(tableId) ?? null);
  const onChange = useCallback(
    (next: string[]) => {
      setHidden(next);
      settings?.setHidden(tableId, next);
    },
    [settings, tableId],
  );
  return { hidden, onChange };
}
