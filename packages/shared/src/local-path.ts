/**
 * Whether a link or redirect target stays on this site: a path such as `/pricing`, never
 * `//evil.example` or `https://…`. Browsers read a backslash as a slash in such URLs and drop
 * tabs and newlines, so `/\evil.example` and `/\t/evil.example` lead to another host: they are
 * normalised the way a browser does before deciding.
 */
export function isLocalPath(value: string | null | undefined): value is string {
  if (!value) return false;
  const asBrowserReadsIt = value.replace(/[\t\n\r]/g, '').replaceAll('\\', '/');
  return asBrowserReadsIt.startsWith('/') && !asBrowserReadsIt.startsWith('//');
}
