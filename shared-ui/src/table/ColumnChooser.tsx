// "Columns": a disclosure button opening a list of checkboxes, one per column the user may hide.
// A disclosure (not a menu role) so every screen reader announces plain checkboxes; Escape and a
// click outside close it, focus goes back to the button.
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/Button';
import { popoverSurface } from '../components/popover';
import type { TableColumn } from './table-model';

const Wrap = styled.div`
  position: relative;
`;

const Popover = styled.fieldset`
  ${popoverSurface}
  right: 0;
  z-index: 10;
  min-width: 220px;
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  legend { float: left; width: 100%; padding: 0 0 ${({ theme }) => theme.space.sm}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
  label { display: flex; align-items: center; gap: 8px; min-height: 32px; clear: left; }
  input { width: 18px; height: 18px; margin: 0; }
  input:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }
`;

export interface ColumnChooserProps<T> {
  columns: readonly TableColumn<T>[];
  hidden: ReadonlySet<string>;
  onChange(hidden: string[]): void;
}

export function ColumnChooser<T>({ columns, hidden, onChange }: ColumnChooserProps<T>) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const id = `cc${useId().replace(/:/g, '')}`;
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const hideable = columns.filter((c) => c.hideable !== false);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function toggle(columnId: string, show: boolean) {
    const next = new Set(hidden);
    if (show) next.delete(columnId);
    else next.add(columnId);
    onChange(hideable.map((c) => c.id).filter((cid) => next.has(cid)));
  }

  return (
    <Wrap
      ref={wrapRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <Button ref={buttonRef} size="sm" variant="secondary" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {t('table.columns', { shown: columns.length - hidden.size, total: columns.length })}
      </Button>
      {open && (
        <Popover id={id}>
          <legend>{t('table.showColumns')}</legend>
          {hideable.map((c) => (
            <label key={c.id}>
              <input type="checkbox" checked={!hidden.has(c.id)} onChange={(e) => toggle(c.id, e.target.checked)} />
              {c.header}
            </label>
          ))}
        </Popover>
      )}
    </Wrap>
  );
}
