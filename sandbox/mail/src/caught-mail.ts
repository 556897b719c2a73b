/** A caught mail, as the JSON API and the page show it. */
export interface CaughtMail {
  id: string;
  receivedAt: string;
  /** SMTP envelope: who it was really sent to (a Bcc included). */
  envelopeFrom: string | null;
  envelopeTo: string[];
  from: string;
  to: string[];
  subject: string;
  html: string | null;
  text: string | null;
  /** Every header line as received (mailparser folds List-* into `list`, so read these for them). */
  headerLines: Array<{ key: string; line: string }>;
  messageId: string | null;
  size: number;
  /** Attached files (e.g. the receipt's PDF), their bytes in base64. */
  attachments: CaughtAttachment[];
}

export interface CaughtAttachment {
  filename: string | null;
  contentType: string;
  size: number;
  contentBase64: string;
}
