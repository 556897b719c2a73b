/** What createUpload hands out (codegen's UploadTicket mapper): where and how the browser sends the file. */
export interface UploadTicket {
  uploadId: string;
  url: string;
  method: 'PUT';
  headers: Array<{ name: string; value: string }>;
  expiresAt: Date;
  maxBytes: number;
}
