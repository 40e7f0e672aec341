// English texts of the scheduled reboots card (namespace `devices`, key `rebootSchedule`), merged in ../../texts.ts.
export const rebootScheduleEn = {
  title: 'Scheduled restart',
  description:
    'Restarts the device at set times, or every so many minutes (at most {{max}} schedules). Clients lose their connection for about a minute each time. Times are in {{zone}}, the project\'s time zone.',
  none: 'No scheduled restarts.',
  listLabel: 'Scheduled restarts',
  interval_one: 'Every minute',
  interval_other: 'Every {{count}} minutes',
  daily: 'Every day at {{time}}',
  weekly: 'Every {{days}} at {{time}}',
  next: 'Next restart: {{when}} ({{zone}})',
  last: {
    queued: 'Last scheduled restart, {{when}}: sent to the device.',
    'skipped-offline': 'Last scheduled restart, {{when}}: skipped, the device was offline.',
    'skipped-busy': 'Last scheduled restart, {{when}}: skipped, the device was busy.',
    'skipped-local': 'Last scheduled restart, {{when}}: skipped, the device is managed locally.',
  },
  remove: 'Remove',
  removeLabel: 'Remove the schedule “{{schedule}}”',
  add: 'Add schedule',
  mode: 'Repeat',
  minutes: 'Every (minutes)',
  minutesHint: '{{min}} to {{max}} minutes',
  time: 'At',
  days: 'On',
  saved: 'Scheduled restarts saved.',
  saveFailed: 'Not saved: {{message}}',
  full: 'The device has {{max}} schedules, the most it may have: remove one to add another.',
  readOnly: 'You can see the schedules but not change them: {{reason}}',
  loadFailed: 'The schedules could not be loaded: {{message}}',
};

// English texts of the device password card (namespace `devices`, key `devicePassword`).
export const devicePasswordEn = {
  title: 'Device password',
  description:
    "The password of the device's local administrator (admin), for its own web page and console. It is sent to the device at once; the console keeps no copy and cannot show it again.",
  password: 'New password',
  confirm: 'New password again',
  hint: '{{min}} to {{max}} characters, with three of: upper-case letters, lower-case letters, digits, special characters ({{specials}})',
  save: 'Change password',
  done: 'The device has its new password. Keep it somewhere safe: the console cannot show it again.',
  notNow: 'The password cannot be changed now: {{reason}}',
};

// English texts of the management mode card (namespace `devices`, key `managementMode`).
export const managementModeEn = {
  title: 'Management mode',
  now: 'Managed: {{mode}}',
  explain: {
    cloud: 'The console manages this device: its settings, restarts and upgrades come from here.',
    local: "The device is managed locally, on its own web page: the console shows it but changes nothing on it until it is taken back to the cloud.",
    disable: 'Cloud management is switched off on the device itself: it can only be switched on again there.',
  },
  toLocal: 'Hand over to local management…',
  toCloud: 'Take back to the cloud…',
  confirmTitle: { local: 'Hand the device over to local management?', cloud: 'Take the device back to the cloud?' },
  confirm: {
    local:
      "From now on the device's own web page decides its settings. The console refuses every change of it (settings, restarts, schedules, password) until it is taken back. Its clients stay connected.",
    cloud: "The console manages the device again: the settings this project holds for it are sent to it, replacing what was changed locally.",
  },
  confirmLabel: { local: 'Hand over', cloud: 'Take back' },
  done: { local: 'The device is now managed locally.', cloud: 'The device is managed from the console again.' },
  failed: 'Not changed: {{message}}',
  notNow: 'The management mode cannot be changed now: {{reason}}',
};
