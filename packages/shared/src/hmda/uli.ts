/**
 * The Universal Loan Identifier's check digit: appendix C to 12 CFR part 1003, ISO/IEC 7064
 * MOD 97-10. Letters count as two digits (A = 10 … Z = 35, case ignored); the check digit is
 * 98 minus the remainder of (digits + "00") divided by 97, two digits with a leading zero; a ULI
 * is valid when its digits, check digit included, leave remainder 1.
 */

/** A loan id is the LEI plus the institution's characters: 21 to 43 letters and digits. */
export const LOAN_ID_PATTERN = /^[A-Za-z0-9]{21,43}$/;
/** A ULI is a loan id plus its two check digits: 23 to 45 letters and digits. */
export const ULI_PATTERN = /^[A-Za-z0-9]{23,45}$/;

/** The remainder mod 97 of the number the characters spell, read in place (no BigInt). */
function remainder97(characters: string): number {
  let remainder = 0;
  for (let index = 0; index < characters.length; index += 1) {
    const code = characters.charCodeAt(index);
    if (code >= 48 && code <= 57) {
      remainder = (remainder * 10 + (code - 48)) % 97;
    } else {
      // A letter is two digits: A = 10 (code 65) … Z = 35; lower case the same.
      const value = (code | 0x20) - 97 + 10;
      remainder = (remainder * 100 + value) % 97;
    }
  }
  return remainder;
}

/** The two check digits for a loan id (LEI + loan characters), e.g. "38"; throws when the id is not 21 to 43 letters and digits. */
export function uliCheckDigit(loanId: string): string {
  if (!LOAN_ID_PATTERN.test(loanId)) {
    throw new RangeError(
      'A loan ID is 21 to 43 letters and digits: the LEI and the loan’s characters.',
    );
  }
  const checkDigit = 98 - remainder97(`${loanId}00`);
  return String(checkDigit).padStart(2, '0');
}

/** True when the ULI is 23 to 45 letters and digits and its check digit is right. */
export function isValidUli(uli: string): boolean {
  return ULI_PATTERN.test(uli) && remainder97(uli) === 1;
}
