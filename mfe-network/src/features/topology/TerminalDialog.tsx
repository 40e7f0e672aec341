// Add or change a terminal by hand (spec §5 "Topology"): a non-managed terminal of a §3 terminal kind
// on a free port of a device of the project, with the §3 entry fields ip, model, port, name, vlan,
// mac — bound to contracts' TerminalInputSchema, the one the server checks. A model must be chosen
// (offered per kind, or typed); only free ports are offered, and a device whose ports are all used
// is not offered at all.
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, TERMINAL_KINDS, TERMINAL_MODEL_CHOICES, TerminalInputSchema, type Terminal, type TerminalInput, type TerminalKind, type TopologyPorts } from '@airloom/contracts';
import { Button, ConfirmDialog, InlineNotice, Modal, Row, Select, Stack, TextField, useMfe, useSchemaForm } from '@airloom/shared-ui';

/** A device a terminal can go on: its SN, how it is called and its ports. */
export interface TerminalHost {
  sn: string;
  label: string;
  ports: TopologyPorts;
}

/** The ports of `host` a terminal may take: those not used, plus the one the terminal being changed is on. */
export function freePorts(host: TerminalHost, editing?: Terminal | null): number[] {
  const used = new Set(host.ports.used);
  if (editing && editing.sn === host.sn) used.delete(editing.port);
  const free: number[] = [];
  for (let p = 1; p <= host.ports.count; p++) if (!used.has(p)) free.push(p);
  return free;
}

export interface TerminalDialogProps {
  open: boolean;
  projectId: number;
  hosts: readonly TerminalHost[];
  /** the terminal to change; none: a new one */
  terminal?: Terminal | null;
  /** a new terminal's device, when the user started from it */
  presetSn?: string | null;
  /** whether the user may write (the dialog then shows the terminal read-only) */
  canWrite: boolean;
  onClose(): void;
  onSaved(terminal: Terminal): void;
  onDeleted(id: number): void;
}

function initialValues(hosts: readonly TerminalHost[], terminal: Terminal | null | undefined, presetSn: string | null | undefined): TerminalInput {
  if (terminal) {
    return {
      sn: terminal.sn, port: terminal.port, kind: terminal.kind, model: terminal.model,
      name: terminal.name ?? undefined, ip: terminal.ip ?? undefined, mac: terminal.mac ?? undefined, vlan: terminal.vlan ?? undefined,
    };
  }
  const host = hosts.find((h) => h.sn === presetSn && freePorts(h).length > 0) ?? hosts.find((h) => freePorts(h).length > 0);
  return { sn: host?.sn ?? '', port: host ? freePorts(host)[0]! : 0, kind: 'printer', model: '' };
}

// an empty optional field sends none
const optional = (v: string) => (v.trim() === '' ? undefined : v);

export function TerminalDialog({ open, projectId, hosts, terminal, presetSn, canWrite, onClose, onSaved, onDeleted }: TerminalDialogProps) {
  const { t } = useTranslation('network');
  const mfe = useMfe();
  const formId = `td${useId().replace(/:/g, '')}`;
  const listId = `${formId}-models`;
  const form = useSchemaForm(TerminalInputSchema, initialValues(hosts, terminal, presetSn));
  const { reset } = form;
  const [vlanText, setVlanText] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (!open) return;
    reset(initialValues(hosts, terminal, presetSn));
    setVlanText(terminal?.vlan != null ? String(terminal.vlan) : '');
    setConfirming(false);
    // hosts change with every topology read: the form is filled when the dialog opens only
  }, [open, terminal, presetSn, reset]);

  // spec §5: when all ports are used, no terminal can be added — such a device is not offered
  const offered = useMemo(() => hosts.filter((h) => freePorts(h, terminal).length > 0), [hosts, terminal]);
  const host = offered.find((h) => h.sn === form.values.sn);
  const ports = host ? freePorts(host, terminal) : [];
  const kind = form.values.kind as TerminalKind;
  // a read-only project shows the terminal, with nothing to change
  const locked = !canWrite;

  const submit = form.handleSubmit(async (data) => {
    mfe.setLoading('saving');
    try {
      const saved = terminal
        ? await mfe.api.call(API.topology.updateTerminal, { params: { id: projectId, terminalId: terminal.id }, body: data })
        : await mfe.api.call(API.topology.addTerminal, { params: { id: projectId }, body: data });
      onSaved(saved);
    } catch (err) {
      if (!form.applyServerError(err)) form.setFormError(t('errors.generic.operationFailed'));
    } finally {
      mfe.setLoading('end');
    }
  });

  async function remove() {
    if (!terminal) return;
    setDeleting(true);
    try {
      await mfe.api.call(API.topology.removeTerminal, { params: { id: projectId, terminalId: terminal.id } });
      setConfirming(false);
      onDeleted(terminal.id);
    } catch (err) {
      setConfirming(false);
      if (!form.applyServerError(err)) form.setFormError(t('errors.generic.operationFailed'));
    } finally {
      setDeleting(false);
    }
  }

  const field = (name: 'model' | 'name' | 'ip' | 'mac') => {
    const f = form.field(name);
    return { ...f, value: (f.value as string | undefined) ?? '', onChange: (v: string) => f.onChange(name === 'model' ? v : (optional(v) as never)) };
  };

  const title = terminal ? (canWrite ? t('topology.terminal.editTitle') : t('topology.terminal.viewTitle')) : t('topology.terminal.addTitle');

  return (
    <>
      <Modal
        open={open && !confirming}
        title={title}
        onClose={onClose}
        footer={
          canWrite ? (
            <Row $gap="sm">
              {terminal && (
                <Button variant="danger" onClick={() => setConfirming(true)}>
                  {t('topology.terminal.delete')}
                </Button>
              )}
              <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
              <Button variant="primary" type="submit" form={formId} busy={form.submitting} disabled={!terminal && offered.length === 0}>
                {terminal ? t('common.actions.save') : t('topology.terminal.add')}
              </Button>
            </Row>
          ) : (
            <Button onClick={onClose}>{t('common.actions.close')}</Button>
          )
        }
      >
        <form id={formId} onSubmit={submit} noValidate>
            <Stack $gap="lg">
              {form.formError && <InlineNotice tone="danger">{form.formError}</InlineNotice>}
              {!terminal && offered.length === 0 && <InlineNotice tone="warning">{t('topology.terminal.noFreePort')}</InlineNotice>}
              <Select
                disabled={locked}
                label={t('topology.terminal.device')}
                required
                value={host ? host.sn : ''}
                placeholder={host ? undefined : t('topology.terminal.chooseDevice')}
                options={offered.map((h) => ({ value: h.sn, label: t('topology.terminal.deviceOption', { label: h.label, free: freePorts(h, terminal).length }) }))}
                onChange={(sn) => {
                  form.setValue('sn', sn);
                  const next = offered.find((h) => h.sn === sn);
                  form.setValue('port', next ? freePorts(next, terminal)[0]! : 0);
                }}
                error={form.errors.sn}
              />
              <Select
                disabled={locked}
                label={t('topology.terminal.port')}
                hint={t('topology.terminal.portHint')}
                required
                value={ports.includes(form.values.port as number) ? String(form.values.port) : ''}
                placeholder={ports.includes(form.values.port as number) ? undefined : t('topology.terminal.choosePort')}
                options={ports.map((p) => ({ value: String(p), label: t('topology.terminal.portOption', { port: p }) }))}
                onChange={(v) => form.setValue('port', Number(v))}
                error={form.errors.port}
              />
              <Select
                disabled={locked}
                label={t('topology.terminal.kind')}
                required
                value={kind}
                options={TERMINAL_KINDS.map((k) => ({ value: k, label: t(`enums.terminalKind.${k}`) }))}
                onChange={(k) => form.setValue('kind', k)}
                error={form.errors.kind}
              />
              <TextField disabled={locked} label={t('topology.terminal.model')} hint={t('topology.terminal.modelHint')} required autoComplete="off" list={listId} {...field('model')} />
              <datalist id={listId}>
                {(TERMINAL_MODEL_CHOICES[kind] ?? []).map((m) => (
                  <option key={m} value={m} />
                ))}
              </datalist>
              <Row $gap="xs" role="group" aria-label={t('topology.terminal.suggestions')}>
                {(TERMINAL_MODEL_CHOICES[kind] ?? []).map((m) => (
                  <Button key={m} size="sm" disabled={locked} variant={form.values.model === m ? 'primary' : 'secondary'} aria-pressed={form.values.model === m} onClick={() => form.setValue('model', m)}>
                    {m}
                  </Button>
                ))}
              </Row>
              <TextField disabled={locked} label={t('topology.terminal.name')} autoComplete="off" {...field('name')} />
              <TextField disabled={locked} label={t('topology.terminal.ip')} autoComplete="off" inputMode="decimal" {...field('ip')} />
              <TextField disabled={locked} label={t('topology.terminal.mac')} autoComplete="off" {...field('mac')} />
              <TextField
                disabled={locked}
                label={t('topology.terminal.vlan')}
                autoComplete="off"
                inputMode="numeric"
                value={vlanText}
                onChange={(v) => {
                  setVlanText(v);
                  // an empty field sends none; anything else is checked by the schema's VLAN rule
                  form.setValue('vlan', v.trim() === '' ? undefined : /^\d+$/.test(v.trim()) ? Number(v.trim()) : (v as unknown as number));
                }}
                onBlur={form.field('vlan').onBlur}
                error={form.errors.vlan}
              />
            </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        open={open && confirming}
        title={t('topology.terminal.deleteTitle')}
        message={t('topology.terminal.deleteMessage', { name: terminal?.name ?? terminal?.model ?? '', port: terminal?.port ?? 0 })}
        confirmLabel={t('topology.terminal.delete')}
        danger
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
