import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FilingPeriod } from './edits/edit.ts';
import { parseValidValues, type ValidValues } from './lar-parser.ts';

/**
 * The platform's own texts, copied verbatim from cfpb/hmda-platform (public domain; the sources
 * and blob ids are in reference/README.md): the description of every edit for each filing year
 * and period, and the parser's valid-values text for each field. Read once, on first use.
 */
const REFERENCE_DIR = fileURLToPath(new URL('./reference/', import.meta.url));

export interface EditDescription {
  id: string;
  description: string;
  /** The fields the platform names for the edit, as it names them. */
  affectedFields: string[];
}

const cache = new Map<string, ReadonlyMap<string, EditDescription>>();

/** The description file of a filing: 2024 has only the annual one, which its quarters share. */
export function descriptionFileOf(year: number, period: FilingPeriod): string {
  return period === 'annual' || year === 2024 ? `edits-${year}.txt` : `edits-${year}-quarterly.txt`;
}

export function parseEditDescriptions(text: string): Map<string, EditDescription> {
  const descriptions = new Map<string, EditDescription>();
  for (const line of text.split('\n').slice(1)) {
    const [id, description, fields] = line.split('|');
    if (!id?.trim() || description === undefined) continue;
    descriptions.set(id.trim(), {
      id: id.trim(),
      description: description.trim(),
      affectedFields: (fields ?? '')
        .split(';')
        .map((field) => field.trim())
        .filter(Boolean),
    });
  }
  return descriptions;
}

export function editDescriptionsFor(
  year: number,
  period: FilingPeriod,
): ReadonlyMap<string, EditDescription> {
  const file = descriptionFileOf(year, period);
  let descriptions = cache.get(file);
  if (!descriptions) {
    descriptions = parseEditDescriptions(readFileSync(`${REFERENCE_DIR}${file}`, 'utf8'));
    cache.set(file, descriptions);
  }
  return descriptions;
}

let validValues: ValidValues | undefined;

/** The parser's valid-values text by field name. */
export function parserValidValues(): ValidValues {
  validValues ??= parseValidValues(
    readFileSync(`${REFERENCE_DIR}parser-field-valid-values.txt`, 'utf8'),
  );
  return validValues;
}
