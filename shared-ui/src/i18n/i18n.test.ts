import { describe, expect, it } from 'vitest';
import { addResources, createI18n } from './i18n';

describe('i18n', () => {
  it("reads contracts' namespaces and shared-ui's common texts with dotted keys", () => {
    const i18n = createI18n();
    expect(i18n.t('rules.projectName.length')).toBe('The project name has at most 18 characters');
    expect(i18n.t('enums.netMode.1')).toBe('MESH');
    expect(i18n.t('common.actions.save')).toBe('Save');
    expect(i18n.t('actions.cancel')).toBe('Cancel'); // common is the default namespace
  });

  it("lets a remote add its own namespace", () => {
    const i18n = createI18n();
    addResources('overview', { title: 'Overview of {{n}} projects' }, i18n);
    expect(i18n.t('overview.title', { n: 2 })).toBe('Overview of 2 projects');
  });
});
