/**
 * The CFPB HMDA Platform's APOR unit-test sample, verbatim: `cfpb/hmda-platform`,
 * `ratespread-calculator/src/test/resources/yieldTableFixed.txt` (blob
 * eed28ef653d52a7d1808a5b8b4690b54460ca72b), two weeks of January 2017 with no final newline.
 * A test sample only: these are not rates to compute real rate spreads with.
 */
export const APOR_FIXED_SAMPLE_2017 = [
  '1/2/2017|3.52|3.38|3.47|3.47|3.5|3.5|3.75|3.75|3.9|3.9|3.9|3.9|3.62|3.62|3.62|3.62|3.62|3.62|3.62|3.62|3.62|3.62|4.36|4.36|4.36|4.36|4.36|4.36|4.36|4.36|4.36|4.36|4.36|4.36|4.36|4.36|4.36|4.36|4.36|4.36|4.36|4.36|4.36|4.36|4.36|4.36|4.36|4.36|4.36|4.36',
  '1/9/2017|3.52|3.39|3.41|3.41|3.49|3.49|3.77|3.77|3.93|3.93|3.93|3.93|3.51|3.51|3.51|3.51|3.51|3.51|3.51|3.51|3.51|3.51|4.24|4.24|4.24|4.24|4.24|4.24|4.24|4.24|4.24|4.24|4.24|4.24|4.24|4.24|4.24|4.24|4.24|4.24|4.24|4.24|4.24|4.24|4.24|4.24|4.24|4.24|4.24|4.24',
].join('\n');
