/** `%query%` for ILIKE, with the pattern characters of the query taken literally. */
export const containsPattern = (query: string) =>
  `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
