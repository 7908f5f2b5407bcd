import { z } from 'zod';

/**
 * A form's select that may be left on "Choose…": one of `values`, or the empty choice, which
 * is sent as nothing at all (the request's field is optional).
 */
export const optionalChoice = <const Values extends readonly [string, ...string[]]>(
  values: Values,
) =>
  z
    .union([z.enum(values), z.literal('')])
    .transform((value) => (value === '' ? undefined : (value as Values[number])));
