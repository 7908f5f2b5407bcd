declare module '*.md' {
  export const attributes: Record<string, unknown>;
  export const html: string;
  export const text: string;
}
