import { ruleTable } from '../testing/rule-cases.js';

const MIB = 1024 * 1024;
const f = (name: string, size: number) => ({ name, size });

ruleTable('importFile', [
  ['xlsx', f('devices.xlsx', 20_000), null],
  ['xls', f('devices.xls', 20_000), null],
  ['upper-case extension', f('DEVICES.XLSX', 20_000), null],
  ['csv', f('devices.csv', 20_000), 'extension'],
  ['no extension', f('devices', 20_000), 'extension'],
  ['empty file', f('devices.xlsx', 0), 'empty'],
  ['10 MiB', f('devices.xlsx', 10 * MIB), null],
  ['10 MiB + 1 byte', f('devices.xlsx', 10 * MIB + 1), 'size'],
]);

ruleTable('imageFile', [
  ...['jpg', 'png', 'jpeg', 'gif', 'bmp'].map((ext) => [`.${ext}`, f(`logo.${ext}`, 1000), null] as const),
  ['.webp', f('logo.webp', 1000), 'extension'],
  ['.svg', f('logo.svg', 1000), 'extension'],
  ['double extension ending in exe', f('logo.png.exe', 1000), 'extension'],
  ['exactly 10 MiB', f('logo.png', 10 * MIB), null],
  ['10 MiB + 1 byte', f('logo.png', 10 * MIB + 1), 'size'],
  ['empty', f('logo.png', 0), 'empty'],
  ['no name', f('', 10), 'required'],
  ['negative size', f('logo.png', -1), 'required'],
]);

ruleTable('firmwareFile', [
  ['.bin', f('fw-1.2.bin', 8 * MIB), null],
  ['exactly 40 MiB', f('fw.bin', 40 * MIB), null],
  ['40 MiB + 1 byte', f('fw.bin', 40 * MIB + 1), 'size'],
  ['.img', f('fw.img', 8 * MIB), 'extension'],
  ['.zip', f('fw.zip', 8 * MIB), 'extension'],
  ['empty', f('fw.bin', 0), 'empty'],
]);

ruleTable('mapImage', [
  ['.jpg', f('floor.jpg', 500_000), null],
  ['.jpeg', f('floor.jpeg', 500_000), null],
  ['.png', f('floor.png', 500_000), 'extension'],
  ['10 MiB + 1', f('floor.jpg', 10 * MIB + 1), 'size'],
]);
