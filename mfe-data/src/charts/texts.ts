// English texts of the statistics charts (namespace `data`, key `charts`), shared by the two statistics pages.
export const chartsEn = {
  empty: 'No figures in this window yet',
  emptyHint: 'Devices report every 30 seconds; charts fill as their reports arrive.',
  summary: '{{name}}: latest {{latest}}, average {{average}}, peak {{peak}}',
  showTable: 'Show the figures as a table',
  time: 'Time',
  windows: {
    label: 'Time window',
    '12h': '12 h',
    '24h': '24 h',
    '72h': '72 h',
    '7d': '7 days',
    '30d': '30 days',
  },
  failed: 'The figures could not be read: {{message}}',
  retry: 'Try again',
  unreadable: 'the console did not answer',
};
