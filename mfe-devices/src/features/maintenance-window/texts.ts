// English texts of the auto maintenance card (namespace `devices`, key `maintenanceWindow`), merged in ../../texts.ts.
export const maintenanceWindowEn = {
  title: 'Auto maintenance',
  description:
    "A weekly window in which the console maintains the project's devices by itself: it restarts every device but recorders (NVRs), and/or upgrades the devices behind their model's recommended firmware, a few at a time. Times are in {{zone}}, the project's time zone.",
  enabled: 'Auto maintenance on',
  days: 'On',
  time: 'At',
  what: 'In the window',
  reboot: 'Restart every device (not NVRs)',
  upgrade: 'Upgrade to the recommended firmware',
  save: 'Save',
  saved: 'Auto maintenance saved.',
  saveFailed: 'Not saved: {{message}}',
  off: 'Auto maintenance is off.',
  next: 'Next window: {{when}} ({{zone}})',
  last: 'Last window, {{when}}: {{queued}} restarted, {{upgraded}} put into a firmware rollout, {{skipped}} skipped (offline, busy or managed locally), {{excluded}} NVRs left out.',
  readOnly: 'You can see the auto maintenance but not change it: {{reason}}',
  loadFailed: 'The auto maintenance could not be loaded: {{message}}',
  confirmTitle: 'Turn on auto maintenance?',
  confirmReboot: 'At each window every device but NVRs restarts: its clients lose the connection for about a minute.',
  confirmUpgrade: 'Devices behind the recommended firmware are upgraded in a staged rollout: each is offline for about 5 minutes.',
  confirmLabel: 'Turn on',
};
