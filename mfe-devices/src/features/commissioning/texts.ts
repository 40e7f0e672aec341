// English texts of the commissioning checklist (namespace `devices`, key `commissioning`), merged in ../../texts.ts.
export const commissioningEn = {
  title: 'Commissioning',
  description:
    'This project was made from a solution. Each device added by its serial number, one by one or from a spreadsheet, takes a free planned place of its model; a device of a model that was not planned takes none.',
  totals: '{{bound}} of {{planned}} planned devices bound, {{online}} online.',
  boundMeter: 'Bound: {{percent}}%',
  onlineMeter: 'Online: {{percent}}%',
  noneBound: 'No device is bound yet. Add the installed devices by their serial numbers, or import them from a spreadsheet.',
  tableLabel: 'Planned devices by model',
  column: { model: 'Model', type: 'Type', planned: 'Planned', bound: 'Bound', online: 'Online', state: 'State' },
  unknownType: 'Unknown type',
  toBind_one: '{{count}} to bind',
  toBind_other: '{{count}} to bind',
  offline_one: '{{count}} bound, offline',
  offline_other: '{{count}} bound, offline',
  done: 'Complete',
  add: 'Add devices',
  import: 'Import devices',
  loadFailed: 'The commissioning checklist could not be loaded: {{message}}',
};
