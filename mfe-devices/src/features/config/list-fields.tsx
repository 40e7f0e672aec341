// Pieces the list-shaped sections share: adding and removing an item of a list in the body, and the
// DNS servers of a static WAN line or a DHCP pool (primary required, secondary optional, spec §5).
import { useTranslation } from 'react-i18next';
import { Button, Row, TextField } from '@airloom/shared-ui';
import { useBoundForm } from './fields';
import { getAt, setAt, type Path } from './section-form';

export function listAt(values: unknown, path: Path): unknown[] {
  const list = getAt(values, path);
  return Array.isArray(list) ? list : [];
}

/** "Add …" under a list: off when the model takes no more (its limit from the model catalogue). */
export function AddItem({ path, item, label, max }: { path: Path; item: () => unknown; label: string; max: number }) {
  const { t } = useTranslation('devices');
  const { form, editable } = useBoundForm();
  if (!editable) return null;
  const count = listAt(form.values, path).length;
  return (
    <Row $gap="sm">
      <Button size="sm" disabled={count >= max} onClick={() => form.update((v) => setAt(v, path, [...listAt(v, path), item()]))}>
        {label}
      </Button>
      <span>{t('list.count', { count, max })}</span>
    </Row>
  );
}

export function RemoveItem({ path, index, label }: { path: Path; index: number; label: string }) {
  const { t } = useTranslation('devices');
  const { form, editable } = useBoundForm();
  if (!editable) return null;
  return (
    <Button size="sm" variant="ghost" aria-label={label} onClick={() => form.update((v) => setAt(v, path, listAt(v, path).filter((_, i) => i !== index)))}>
      {t('list.remove')}
    </Button>
  );
}

/** `dns` is a list of one or two addresses; an empty secondary leaves the list with one. */
export function DnsFields({ path }: { path: Path }) {
  const { t } = useTranslation('devices');
  const { form, editable } = useBoundForm();
  const list = listAt(form.values, path).map((v) => (typeof v === 'string' ? v : ''));
  const primary = list[0] ?? '';
  const secondary = list[1] ?? '';
  const write = (p: string, s: string) => form.set(path, s === '' ? [p] : [p, s]);
  return (
    <>
      <TextField
        label={t('field.dnsPrimary')}
        autoComplete="off"
        value={primary}
        onChange={(v) => write(v, secondary)}
        error={form.errorAt(`${path}.0`) ?? form.errorAt(path)}
        disabled={!editable}
      />
      <TextField
        label={t('field.dnsSecondary')}
        hint={t('field.optional')}
        autoComplete="off"
        value={secondary}
        onChange={(v) => write(primary, v)}
        error={form.errorAt(`${path}.1`)}
        disabled={!editable}
      />
    </>
  );
}
