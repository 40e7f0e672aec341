// English texts of the radio and roaming checks (i18n namespace `rules`, added by the RF page).
export const enRadioRules = {
  radio: {
    band: 'This device has no radio on this band',
    channel: 'This channel is not allowed on this band',
    width: 'Please choose 20 or 40 MHz on 2.4 GHz, 20, 40 or 80 MHz on 5 GHz',
  },
  roaming: {
    bandSteering: 'Band steering needs both a 2.4 GHz and a 5 GHz radio',
  },
};

type Texts = typeof enRadioRules;
export function radioKey<R extends keyof Texts>(rule: R, check: keyof Texts[R] & string): string {
  return `rules.${rule}.${check}`;
}
