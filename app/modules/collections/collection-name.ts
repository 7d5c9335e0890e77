/** The longest collection name: the form field's limit and the server's check. */
export const collectionNameMax = 80;

/** What a refused change to a collection answers: a text of the catalogue's collections.errors. */
export type CollectionErrorKey =
  `collections.errors.${"nameRequired" | "nameTooLong" | "notFound" | "tooMany" | "full"}`;
