// English texts of the wireless remote (i18n namespace `wireless`; spec §1: English only), one part
// per page, each kept in its feature folder.
import { policiesEn } from './features/policies/texts';
import { rfEn } from './features/rf/texts';

export const wirelessEn = {
  policies: policiesEn,
  rf: rfEn,
};
