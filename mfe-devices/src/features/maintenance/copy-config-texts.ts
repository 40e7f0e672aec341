// English texts of the copy configuration card (namespace `devices`, key `copyConfig`), merged in ../../texts.ts.
export const copyConfigEn = {
  title: 'Copy settings from another device',
  description:
    "Gives this device the settings of another {{model}} of the project: ports, VLANs, DHCP snooping, PoE, radios, roaming and the Wi-Fi access list. Its name and management IP stay its own. Each copied setting is a new version in this device's history.",
  from: 'Copy from',
  choose: 'Choose a device',
  none: 'No other {{model}} in this project to copy from.',
  action: 'Copy settings…',
  confirmTitle: 'Replace the settings of “{{name}}”?',
  confirm:
    'The settings of “{{from}}” (ports, VLANs, DHCP snooping, PoE, radios, roaming, Wi-Fi access list) replace those of “{{name}}”, which applies them at once. Clients may lose their connection while it does. You can revert each setting from its history.',
  confirmLabel: 'Copy settings',
  done_one: 'Copied from {{from}}: {{count}} setting ({{sections}}). The device applies it now.',
  done_other: 'Copied from {{from}}: {{count}} settings ({{sections}}). The device applies them now.',
  doneNothing: '{{from}} has no settings of its own to copy: nothing changed.',
  refused: 'Not copied: {{message}}',
  notNow: 'Settings cannot be copied to this device now: {{reason}}',
};
