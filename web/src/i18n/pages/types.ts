/**
 * Shapes of the static pages' texts. Content modules keep words only; these types let a sentence
 * carry a link or the site's contact address without any markup in the texts.
 */

/** A piece of a sentence: plain text, an internal link, or the site's contact e-mail address. */
export type Inline = string | { readonly to: string; readonly label: string } | { readonly contactEmail: true };

/** A paragraph or a list item: one string, or pieces rendered side by side. */
export type Rich = string | readonly Inline[];

/** A term and what it means (cookies, retention periods...): reads well on a narrow screen, unlike a table. */
export interface Definition {
  readonly term: string;
  readonly details: readonly Rich[];
}

export type Block = Rich | { readonly list: readonly Rich[] } | { readonly definitions: readonly Definition[] };

export interface LegalSection {
  /** Anchor of the section (table of contents, shared links: /privacy#cookies). */
  readonly id: string;
  readonly title: string;
  readonly blocks: readonly Block[];
}

export interface LegalDocumentContent {
  readonly title: string;
  /** One sentence under the title. */
  readonly lead: string;
  /** Paragraphs before the first section. */
  readonly intro: readonly Rich[];
  /** ISO date for <time dateTime> and its French wording, written out so no time zone can shift it. */
  readonly updated: { readonly iso: string; readonly label: string };
  readonly sections: readonly LegalSection[];
}
