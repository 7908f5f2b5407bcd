import { LAR, LAR_FIELD_COUNT, TS } from '../lar-fields.ts';
import { isDate, isInteger } from '../lar-values.ts';
import {
  larEdit,
  tsEdit,
  type FileEdit,
  type FileEditOutcome,
  type FileEditRun,
  type FilingContext,
  type HmdaRow,
  type RowEdit,
} from './edit.ts';
import { isCode } from './row-tests.ts';

/**
 * The syntactical edits (S300 to S307): the file's shape and identity. S300 to S303 look at one
 * row; S304 to S307 see the whole file, as the platform's TS-and-LAR engine does, and point to
 * the rows the platform lists in its message (S304 and a quarter with no loans point to line 1,
 * the Transmittal Sheet, where the platform files every whole-file error).
 */

/** The institution as registered with the platform, which S303 (2024) and Q303 (2025+) compare. */
export interface InstitutionRegistration {
  lei: string;
  taxId: string;
  agency: string;
}

const equalsIgnoringCase = (a: string, b: string): boolean =>
  a === b || a.toLowerCase() === b.toLowerCase();

/**
 * The Transmittal Sheet's LEI (either case), agency (as a code) and tax id (exactly) against the
 * registration; with no registration the platform skips the check, so it passes.
 */
export function matchesRegistration(
  ts: HmdaRow,
  registration: InstitutionRegistration | undefined,
): boolean {
  if (registration === undefined) return true;
  const agency = registration.agency.trim();
  return (
    equalsIgnoringCase(ts.text(TS.lei), registration.lei) &&
    isInteger(agency) &&
    isCode(ts.text(TS.agency), Number(agency)) &&
    ts.text(TS.taxId) === registration.taxId
  );
}

// --- Fixed-size hashes for the duplicate edits -------------------------------------------------

const LANE_A = 2654435761;
const LANE_B = 1597334677;

/**
 * The UTF-16 code units of the last string written, two to a 32-bit word (little-endian, so a
 * word is `unit(i) | unit(i + 1) << 16`, the pair `add` hashes). Node copies a string's units in
 * native code, several times faster than reading them one `charCodeAt` at a time once the string
 * is long, which matters for S305: it hashes every row's whole text (some 550 characters). The
 * copy has a fixed cost, so strings shorter than NATIVE_COPY_FROM (a ULI) are read directly.
 */
const NATIVE_COPY_FROM = 64;

let unitBytes = Buffer.from(new ArrayBuffer(4096));
let unitWords = new Int32Array(unitBytes.buffer);

/** Writes the text's code units into `unitWords` (grown to fit) and returns it. */
function codeUnitPairs(text: string): Int32Array {
  const bytes = 2 * text.length;
  if (bytes > unitBytes.length) {
    let size = unitBytes.length;
    while (size < bytes) size *= 2;
    unitBytes = Buffer.from(new ArrayBuffer(size));
    unitWords = new Int32Array(unitBytes.buffer);
  }
  // UTF-16LE copies the units as they are, lone surrogates included: no two strings write alike.
  unitBytes.write(text, 0, 'utf16le');
  return unitWords;
}

/**
 * A 64-bit hash of a sequence of strings, in two 32-bit halves (two multiplicative lanes over
 * pairs of characters, each string led by its length, cross-mixed at the end). The platform too
 * keeps a 64-bit hash per row (xxHash64) rather than the rows, so a collision is as (im)probable
 * there as here: about 3 in 100 million for a file of a million rows.
 */
export class Hash64 {
  high = 0;
  low = 0;
  private a = 0;
  private b = 0;

  start(): this {
    this.a = 0xdeadbeef;
    this.b = 0x41c6ce57;
    return this;
  }

  add(text: string): this {
    const length = text.length;
    let a = Math.imul(this.a ^ (0x10000 + length), LANE_A);
    let b = Math.imul(this.b ^ (0x10000 + length), LANE_B);
    const pairCount = length >>> 1;
    if (length < NATIVE_COPY_FROM) {
      for (let i = 0; i < pairCount; i += 1) {
        const pair = text.charCodeAt(2 * i) | (text.charCodeAt(2 * i + 1) << 16);
        a = Math.imul(a ^ pair, LANE_A);
        b = Math.imul(b ^ pair, LANE_B);
      }
    } else {
      const pairs = codeUnitPairs(text);
      for (let i = 0; i < pairCount; i += 1) {
        const pair = pairs[i]!;
        a = Math.imul(a ^ pair, LANE_A);
        b = Math.imul(b ^ pair, LANE_B);
      }
    }
    if (pairCount * 2 < length) {
      const last = text.charCodeAt(length - 1);
      a = Math.imul(a ^ last, LANE_A);
      b = Math.imul(b ^ last, LANE_B);
    }
    this.a = a;
    this.b = b;
    return this;
  }

  /** Adds the strings in order. */
  addAll(texts: readonly string[]): this {
    for (let t = 0; t < texts.length; t += 1) this.add(texts[t]!);
    return this;
  }

  finish(): this {
    let a = this.a;
    let b = this.b;
    a = Math.imul(a ^ (a >>> 16), 2246822507);
    a ^= Math.imul(b ^ (b >>> 13), 3266489909);
    b = Math.imul(b ^ (b >>> 16), 2246822507);
    b ^= Math.imul(a ^ (a >>> 13), 3266489909);
    this.high = b >>> 0;
    this.low = a >>> 0;
    return this;
  }
}

/**
 * A set of 64-bit hashes in one flat typed array (open addressing, both halves side by side so a
 * probe reads one cache line): 8 bytes a slot and at most half the slots used, so a million rows
 * take 16 to 32 MB and no object per row. The all-zero hash marks an empty slot, so it is stored
 * as (0, 1); that one pair of hashes counts as equal.
 */
export class HashSet64 {
  private slots = new Uint32Array(2 * 1024);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Adds the hash; false when it was already there. */
  add(high: number, low: number): boolean {
    if ((this.count + 1) * 4 > this.slots.length) this.grow();
    const inserted = this.insert(high >>> 0, (high | low) === 0 ? 1 : low >>> 0);
    if (inserted) this.count += 1;
    return inserted;
  }

  private insert(high: number, low: number): boolean {
    const { slots } = this;
    const mask = slots.length / 2 - 1;
    let slot = (low ^ Math.imul(high, 0x9e3779b1)) & mask;
    for (;;) {
      const at = slot * 2;
      const storedHigh = slots[at]!;
      const storedLow = slots[at + 1]!;
      if ((storedHigh | storedLow) === 0) {
        slots[at] = high;
        slots[at + 1] = low;
        return true;
      }
      if (storedHigh === high && storedLow === low) return false;
      slot = (slot + 1) & mask;
    }
  }

  private grow() {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    for (let at = 0; at < old.length; at += 2) {
      if ((old[at]! | old[at + 1]!) !== 0) this.insert(old[at]!, old[at + 1]!);
    }
  }
}

/** Remembers values by hash and answers whether each was seen before. */
export class SeenBefore {
  private readonly hashes = new HashSet64();
  private readonly hash = new Hash64();

  /** True when this value (compared as given) came earlier. */
  value(text: string): boolean {
    const { high, low } = this.hash.start().add(text).finish();
    return !this.hashes.add(high, low);
  }

  /** True when a row with the same text came earlier. */
  row(row: HmdaRow): boolean {
    return this.value(row.raw);
  }

  get distinct(): number {
    return this.hashes.size;
  }
}

// --- Row edits --------------------------------------------------------------------------------

/** S300 on the Transmittal Sheet: its record identifier is 1. */
export const S300_TS: RowEdit = tsEdit('S300', 'syntactical', [TS.recordId], (ts) =>
  isCode(ts.text(TS.recordId), 1),
);

/** S300 on each LAR row: its record identifier is 2. */
export const S300_LAR: RowEdit = larEdit(
  'S300',
  'syntactical',
  [LAR.recordId],
  (row) => row.int(LAR.recordId) === 2,
);

/** S301: the row's LEI is the Transmittal Sheet's, in either case. */
export const S301: RowEdit = larEdit('S301', 'syntactical', [LAR.lei], (row, { ts }) =>
  equalsIgnoringCase(row.text(LAR.lei), ts.text(TS.lei)),
);

/**
 * S302: the Transmittal Sheet's calendar year is the filing's year. The quarter is not S302's
 * business: quarterly filings check it with V718 (and annual ones with V602).
 */
export const S302: RowEdit = tsEdit('S302', 'syntactical', [TS.calendarYear], (ts, { year }) =>
  isCode(ts.text(TS.calendarYear), year),
);

/**
 * S303 (2024 filings only; 2025 on run the same test as the quality edit Q303): the Transmittal
 * Sheet's LEI, agency and tax id are the registered institution's. The registration is not part
 * of the filing context, so the edit is made for one institution.
 */
export function s303For(registration?: InstitutionRegistration): RowEdit {
  return tsEdit('S303', 'syntactical', [TS.agency, TS.taxId, TS.lei], (ts) =>
    matchesRegistration(ts, registration),
  );
}

// --- File edits -------------------------------------------------------------------------------

const ALL_LAR_FIELDS: readonly number[] = Array.from({ length: LAR_FIELD_COUNT }, (_, i) => i);

const passed = (): FileEditOutcome => ({ failed: false, lines: [] });

/** S304: the Transmittal Sheet's Total Number of Entries is the number of LAR rows. */
export const S304: FileEdit = {
  kind: 'file',
  id: 'S304',
  category: 'syntactical',
  record: 'ts',
  fields: [TS.totalEntries],
  start({ ts }: FilingContext): FileEditRun {
    let rows = 0;
    return {
      add() {
        rows += 1;
      },
      finish() {
        return isCode(ts.text(TS.totalEntries), rows) ? passed() : { failed: true, lines: [1] };
      },
    };
  },
};

/** S305: no LAR row repeats an earlier one, every value alike; points to the repeats. */
export const S305: FileEdit = {
  kind: 'file',
  id: 'S305',
  category: 'syntactical',
  record: 'lar',
  fields: ALL_LAR_FIELDS,
  start(): FileEditRun {
    const seen = new SeenBefore();
    const repeats: number[] = [];
    return {
      add(row) {
        if (seen.row(row)) repeats.push(row.line);
      },
      finish() {
        return repeats.length === 0 ? passed() : { failed: true, lines: repeats };
      },
    };
  },
};

/**
 * S306: among originated loans (Action Taken 1), no ULI repeats, ignoring case; rows with other
 * actions may share a ULI (Q600 warns about those). Points to the repeats.
 */
export const S306: FileEdit = {
  kind: 'file',
  id: 'S306',
  category: 'syntactical',
  record: 'lar',
  fields: [LAR.uli, LAR.actionTaken],
  start(): FileEditRun {
    const seen = new SeenBefore();
    const repeats: number[] = [];
    return {
      add(row) {
        if (row.int(LAR.actionTaken) !== 1) return;
        if (seen.value(row.text(LAR.uli).toUpperCase())) repeats.push(row.line);
      },
      finish() {
        return repeats.length === 0 ? passed() : { failed: true, lines: repeats };
      },
    };
  },
};

/** The action dates a quarter's filing reports, as YYYYMMDD numbers; Q1 has no lower bound. */
function quarterWindow(year: number, period: FilingContext['period']) {
  const base = year * 10_000;
  switch (period) {
    case 'Q1':
      return { first: Number.NEGATIVE_INFINITY, last: base + 331 };
    case 'Q2':
      return { first: base + 401, last: base + 630 };
    case 'Q3':
      return { first: base + 701, last: base + 930 };
    default:
      return { first: Number.NEGATIVE_INFINITY, last: Number.POSITIVE_INFINITY };
  }
}

/**
 * S307 (quarterly filings): at least one row has an action taken date in the quarter, and none
 * is dated after the quarter's end (the platform counts both; rows dated before the quarter are
 * let be). Points to the rows dated after the quarter, or to line 1 when no row is in it.
 */
export const S307: FileEdit = {
  kind: 'file',
  id: 'S307',
  category: 'syntactical',
  record: 'lar',
  fields: [LAR.actionTakenDate],
  start({ year, period }: FilingContext): FileEditRun {
    const { first, last } = quarterWindow(year, period);
    let inQuarter = 0;
    const afterQuarter: number[] = [];
    return {
      add(row) {
        if (!isDate(row.text(LAR.actionTakenDate))) return;
        const date = row.int(LAR.actionTakenDate);
        if (date > last) afterQuarter.push(row.line);
        else if (date >= first) inQuarter += 1;
      },
      finish() {
        if (inQuarter > 0 && afterQuarter.length === 0) return passed();
        return { failed: true, lines: afterQuarter.length > 0 ? afterQuarter : [1] };
      },
    };
  },
};

/**
 * Every syntactical edit that needs nothing beyond the file and its filing (S303 needs the
 * registration: `s303For`). S307 runs in quarterly filings only; see edits-by-filing.md.
 */
export const SYNTACTICAL_EDITS: readonly (RowEdit | FileEdit)[] = [
  S300_TS,
  S300_LAR,
  S301,
  S302,
  S304,
  S305,
  S306,
  S307,
];
