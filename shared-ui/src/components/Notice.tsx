// Toast / notice: transient messages in a polite live region (errors use role=alert).
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';

export type NoticeTone = 'info' | 'success' | 'warning' | 'danger';

export interface NoticeInput {
  tone?: NoticeTone;
  message: string;
  /** Milliseconds before it disappears; 0 keeps it until dismissed. Errors stay by default. */
  timeout?: number;
}

interface NoticeItem extends Required<NoticeInput> {
  id: number;
}

interface NoticeApi {
  notify(notice: NoticeInput): void;
  dismiss(id: number): void;
}

const NoticeContext = createContext<NoticeApi | null>(null);

// Bottom centre: the top corners hold what must stay reachable — the account menu in the header
// and the × of a side panel — so a toast never covers them (docs/decisions/design-system.md).
const Region = styled.div`
  position: fixed;
  bottom: ${({ theme }) => theme.space.lg};
  left: 50%;
  transform: translateX(-50%);
  width: max-content;
  z-index: ${({ theme }) => theme.zIndex.notice};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  max-width: min(420px, calc(100vw - 32px));
`;

export const NoticeBox = styled.div<{ $tone: NoticeTone }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.lg}`};
  border-radius: ${({ theme }) => theme.radii.md};
  border-left: 4px solid ${({ theme, $tone }) => theme.colors[$tone]};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.dialog};
  p { margin: 0; flex: 1; }
  > div { flex: 1; }
`;

const DismissButton = styled.button`
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  line-height: 1;
  padding: 2px 4px;
  border-radius: ${({ theme }) => theme.radii.sm};
`;

/** Holds the notices of one app root and renders them. */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const [items, setItems] = useState<NoticeItem[]>([]);
  const nextId = useRef(1);
  // a notice's own timer goes with it: nothing fires into an app root that is gone
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setItems((list) => list.filter((n) => n.id !== id));
  }, []);
  const notify = useCallback(
    (input: NoticeInput) => {
      const tone = input.tone ?? 'info';
      const timeout = input.timeout ?? (tone === 'danger' ? 0 : 5000);
      const id = nextId.current++;
      setItems((list) => [...list, { id, tone, message: input.message, timeout }]);
      if (timeout > 0) timers.current.set(id, setTimeout(() => dismiss(id), timeout));
    },
    [dismiss],
  );
  const api = useMemo(() => ({ notify, dismiss }), [notify, dismiss]);

  return (
    <NoticeContext.Provider value={api}>
      {children}
      <Region aria-label={t('notice.region')} role="region">
        {items.map((n) => (
          <NoticeBox key={n.id} $tone={n.tone} role={n.tone === 'danger' ? 'alert' : 'status'}>
            <p>{n.message}</p>
            <DismissButton type="button" aria-label={t('actions.dismiss')} onClick={() => dismiss(n.id)}>
              ×
            </DismissButton>
          </NoticeBox>
        ))}
      </Region>
    </NoticeContext.Provider>
  );
}

/** `notify({ tone, message })` from anywhere under AppProviders. */
export function useNotice(): NoticeApi {
  const api = useContext(NoticeContext);
  if (!api) throw new Error('useNotice must be used under <AppProviders> (or <NoticeProvider>)');
  return api;
}

/**
 * An inline, persistent notice (e.g. a form-level error). Its body is a block, not a paragraph: callers put
 * lists and stacks in it, which a `<p>` may not hold.
 */
export function InlineNotice({ tone = 'info', children }: { tone?: NoticeTone; children: ReactNode }) {
  return (
    <NoticeBox $tone={tone} role={tone === 'danger' ? 'alert' : 'status'} style={{ boxShadow: 'none' }}>
      <div>{children}</div>
    </NoticeBox>
  );
}
