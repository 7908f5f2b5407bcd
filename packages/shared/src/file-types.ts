/**
 * Documents people attach (support tickets, assessment evidence): what a file may be, checked
 * from its bytes on the server, not from its name.
 */
export const DOCUMENT_FILE_TYPES = [
  { extension: 'pdf', contentType: 'application/pdf', label: 'PDF' },
  { extension: 'png', contentType: 'image/png', label: 'PNG' },
  { extension: 'jpg', contentType: 'image/jpeg', label: 'JPEG' },
  { extension: 'gif', contentType: 'image/gif', label: 'GIF' },
  { extension: 'webp', contentType: 'image/webp', label: 'WebP' },
  {
    extension: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'Word',
  },
  {
    extension: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    label: 'Excel',
  },
  { extension: 'csv', contentType: 'text/csv', label: 'CSV' },
  { extension: 'txt', contentType: 'text/plain', label: 'text' },
] as const;
